// E-mail verification in a real browser: a new account lands on /dashboard with its e-mail
// unverified; the shell's banner takes the code (which the local cloud prints, as a developer
// reads it) and the e-mail is verified for good. Screens go to VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, people, register, shot, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const user = people('verify')('Rita Verificada');
const email = user.email;

/** The last code the local cloud printed for address (after `since` characters of its output). */
async function printedCode(address, since) {
  const re = new RegExp(`código de verificação do e-mail ${address.replace(/[.+]/g, '\\$&')}: (\\d{6})`, 'g');
  return eventually(() => [...cloud.log().slice(since).matchAll(re)].at(-1)?.[1], `the local cloud's code for ${address}`);
}

describe('e-mail verification against the local cloud', { timeout: 300_000 }, () => {
  test('register → /dashboard with the banner; a wrong code is refused; the printed code verifies; the banner stays gone', async () => {
    await withSession(async (page) => {
      const since = cloud.log().length;
      await register(page, user);

      const banner = page.getByRole('region', { name: 'Confirme seu e-mail' });
      await banner.waitFor();
      assert.match(await banner.textContent(), new RegExp(email.replace(/[.+]/g, '\\$&')));
      const code = await printedCode(email, since);
      await shot(page, 'email-banner');

      const field = banner.getByLabel('Código de confirmação');
      await field.fill(code === '000000' ? '111111' : '000000');
      await banner.getByRole('button', { name: 'Confirmar' }).click();
      await banner.getByText('Código incorreto. Confira o código enviado para seu e-mail').waitFor();

      // "Reenviar código" sends a new one; the old one no longer counts.
      const beforeResend = cloud.log().length;
      await banner.getByRole('button', { name: 'Reenviar código' }).click();
      await banner.getByText(`Enviamos um novo código para ${email}.`).waitFor();
      const fresh = await printedCode(email, beforeResend);

      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, 'email-banner');
      await field.fill(fresh);
      await banner.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('E-mail confirmado.').waitFor();
      await banner.waitFor({ state: 'detached' });

      // The refreshed tokens say email_verified: no banner after a reload either.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor();
      // Nothing still loading (the banner is a chunk of its own) could bring it back.
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByRole('region', { name: 'Confirme seu e-mail' }).count(), 0);
    }, { viewport: { width: 360, height: 780 } });
  });
});
