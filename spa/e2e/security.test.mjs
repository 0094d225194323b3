// Two-step verification and the site's Content-Security-Policy in Chromium against the local
// cloud: a member turns on TOTP in /configuracoes (the key the page shows, the code an
// authenticator app would give), signs out and signs in again with the code; the local site
// sends the template's security headers, and no page of the journey violates its CSP (the
// session counts any violation as an error: support/browser.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { answerTotp, totpCode } from './support/totp.mjs';
import { fillRegistration, people, signOut, submitSignIn, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('totp');

describe('two-step verification and the CSP in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('the site sends CloudFront’s security headers, the CSP included', async () => {
    for (const path of ['/', '/login', '/dashboard', '/configuracoes']) {
      const res = await fetch(cloud.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/, `${path}: ${csp}`);
      assert.match(csp, /script-src 'self';/, `${path}: ${csp}`);
      assert.match(csp, /frame-ancestors 'none'/, `${path}: ${csp}`);
      assert.doesNotMatch(csp, /\$\{|amazonaws/, `${path}: ${csp}`);
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  test('a member turns on TOTP in /configuracoes, signs out, and signs in with the code', async () => {
    const user = person('Tânia Totp');
    await withSession(async (page) => {
      await page.goto('/registro');
      // The pool's policy: 8 characters; the form says so before Cognito would.
      await fillRegistration(page, { ...user, password: '1234567' });
      await page.getByText('A senha deve ter pelo menos 8 caracteres').waitFor();
      await fillRegistration(page, user);
      await page.waitForURL('**/dashboard');

      await page.goto('/configuracoes');
      const mfa = page.getByRole('region', { name: 'Verificação em duas etapas' });
      await mfa.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
      await mfa.getByRole('img', { name: 'Código QR para o aplicativo autenticador' }).waitFor();
      const secret = (await mfa.getByLabel('Chave do aplicativo autenticador').textContent()).trim();
      assert.match(secret, /^[A-Z2-7]{16,}$/);
      await mfa.getByLabel('Código do aplicativo').fill(totpCode(secret, Date.now() - 10 * 60_000)); // an old code
      await mfa.getByRole('button', { name: 'Confirmar' }).click();
      await mfa.getByText('Código incorreto. Confira o código no aplicativo e tente novamente.').waitFor();
      await mfa.getByLabel('Código do aplicativo').fill(totpCode(secret));
      await mfa.getByRole('button', { name: 'Confirmar' }).click();
      await mfa.getByText('Ativada: ao entrar, o Verde pede o código do seu aplicativo.').waitFor();

      await signOut(page);

      await submitSignIn(page, user);
      const code = page.getByLabel('Código do aplicativo autenticador');
      await code.fill('000000' === totpCode(secret) ? '111111' : '000000');
      await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await page.getByText('Código incorreto ou expirado. Confira o código no aplicativo e tente novamente.').waitFor();
      await answerTotp(page, secret);
      await page.waitForURL('**/dashboard');

      // On again after the sign-in; turning it off makes the next sign-in a password's only.
      await page.goto('/configuracoes');
      await mfa.getByRole('button', { name: 'Desativar' }).click();
      await mfa.getByText('Verificação em duas etapas desativada.').waitFor();
      // (withSession fails on any uncaught error or CSP violation in the page.)
    });
  });
});
