// Two-step verification and the site's Content-Security-Policy in Chromium against the local
// cloud: a member turns on TOTP in /configuracoes (the key the page shows, the code an
// authenticator app would give), signs out and signs in again with the code; the local site
// sends the template's security headers, and no page of the journey violates its CSP (the
// session counts any violation as an error: support/browser.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';
import { answerTotp, totpCode } from './support/totp.mjs';

let cloud;
const runId = Date.now().toString(36);

describe('two-step verification and the CSP in Chromium against the local cloud', { timeout: 600_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });
  after(async () => {
    await cloud?.stop();
  });

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
    const email = `e2e-totp-${runId}@exemplo.com`;
    const senha = 'segredo-123';
    const session = await openSession({ baseURL: cloud.url });
    const page = session.page;
    try {
      await page.goto('/registro');
      await page.getByLabel('Nome completo').fill('Tânia Totp');
      await page.getByLabel('Email', { exact: true }).fill(email);
      // The pool's policy: 8 characters; the form says so before Cognito would.
      await page.getByLabel('Senha', { exact: true }).fill('1234567');
      await page.getByLabel('Confirmar senha').fill('1234567');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page.getByText('A senha deve ter pelo menos 8 caracteres').waitFor();
      await page.getByLabel('Senha', { exact: true }).fill(senha);
      await page.getByLabel('Confirmar senha').fill(senha);
      await page.getByRole('button', { name: 'Criar conta' }).click();
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

      await page.getByRole('button', { name: /Menu do usuário/ }).click();
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL('**/login');

      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(senha);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
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
      assert.deepEqual(session.errors.map(String), [], 'uncaught errors or CSP violations in the page');
    } finally {
      await session.close();
    }
  });
});
