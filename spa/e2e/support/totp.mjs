// The demo admin has TOTP MFA (the API requires it of admins): the code its authenticator app
// would show, from the secret the local cloud prints (RFC 6238: HMAC-SHA-1, 6 digits, 30 s).
import { createHmac } from 'node:crypto';

function base32(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.toUpperCase().replace(/=+$/, '')) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${secret}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code for secret at time now (ms). */
export function totpCode(secret, now = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const off = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The sign-in's second step: /login asks for the app's code after the password. */
export async function answerTotp(page, secret) {
  const field = page.getByLabel('Código do aplicativo autenticador');
  await field.waitFor();
  await field.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
}
