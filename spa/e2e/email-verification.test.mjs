// Issue 9 item 2 in a real browser: a new account lands on /dashboard with its e-mail
// unverified; the shell's banner takes the code (which the local cloud prints, as a developer
// reads it) and the e-mail is verified for good.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';

let cloud;
const email = `e2e-verify-${Date.now().toString(36)}@exemplo.com`;
const shots = process.env.E2E_SCREENSHOTS || join(repoRoot, '.local', 'screenshots');

/** The last code the local cloud printed for address (after `since` characters of its output). */
async function printedCode(address, since) {
  const re = new RegExp(`código de verificação do e-mail ${address.replace(/[.+]/g, '\\$&')}: (\\d{6})`, 'g');
  for (let i = 0; i < 100; i++) {
    const found = [...cloud.log().slice(since).matchAll(re)];
    if (found.length) return found[found.length - 1][1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the local cloud printed no code for ${address}`);
}

describe('e-mail verification against the local cloud', { timeout: 300_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
    mkdirSync(shots, { recursive: true });
  });
  after(async () => {
    await cloud?.stop();
  });

  test('register → /dashboard with the banner; a wrong code is refused; the printed code verifies; the banner stays gone', async () => {
    const session = await openSession({ baseURL: cloud.url, viewport: { width: 360, height: 780 } });
    const { page } = session;
    try {
      const since = cloud.log().length;
      await page.goto('/registro');
      await page.getByLabel('Nome completo').fill('Rita Verificada');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Senha', { exact: true }).fill('segredo-123');
      await page.getByLabel('Confirmar senha').fill('segredo-123');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page.waitForURL('**/dashboard');

      const banner = page.getByRole('region', { name: 'Confirme seu e-mail' });
      await banner.waitFor();
      assert.match(await banner.textContent(), new RegExp(email.replace(/[.+]/g, '\\$&')));
      const code = await printedCode(email, since);
      await page.screenshot({ path: join(shots, 'email-banner-360.png'), fullPage: true });

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
      await page.screenshot({ path: join(shots, 'email-banner-1280.png'), fullPage: true });
      await field.fill(fresh);
      await banner.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('E-mail confirmado.').waitFor();
      await banner.waitFor({ state: 'detached' });

      // The refreshed tokens say email_verified: no banner after a reload either.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor();
      await page.waitForTimeout(500);
      assert.equal(await page.getByRole('region', { name: 'Confirme seu e-mail' }).count(), 0);
      assert.deepEqual(session.errors.map(String), [], 'uncaught errors in the page');
    } finally {
      await session.close();
    }
  });
});
