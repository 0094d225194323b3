// The member's account in Chromium against the local cloud: a member mutes a kind of
// notification, changes their password on /configuracoes, downloads their data (one JSON file),
// deletes their account (word and password, progress) and can no longer sign in; and "Esqueci
// minha senha" from /login end to end (the code the local cloud prints and serves at
// /dev/codigo-senha). Screens at 360 and 1280 px go to VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createAccount, people, register, runId, shot, shotBoth, signIn, submitSignIn, useLocalCloud, withSession, withSessions } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('conta');

/** Tries to sign in with a password that no longer opens the account. */
async function refusedSignIn(page, user) {
  await page.goto('/login');
  await submitSignIn(page, user);
  await page.getByText('Email ou senha incorretos').waitFor();
}

describe('the account in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('a member changes their password, downloads their data, deletes their account and can no longer sign in', async () => {
    const user = person('Dora Deletada');
    const email = user.email;
    await withSession(async (page) => {
      await register(page, user);
      await page.goto('/configuracoes');
      await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
      await shotBoth(page, 'configuracoes', { ready: () => page.getByRole('heading', { name: 'Excluir minha conta' }).waitFor() });

      // A notification preference: "Subi de nível" off, saved, still off after a reload.
      const notif = page.getByRole('region', { name: 'Notificações' });
      const nivel = notif.getByRole('checkbox', { name: 'Subi de nível' });
      assert.equal(await nivel.isChecked(), true);
      await nivel.uncheck();
      await notif.getByText('Preferências salvas.').waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'Notificações' }).getByRole('checkbox', { name: 'Subi de nível' }).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Notificações' }).getByRole('checkbox', { name: 'Subi de nível' }).isChecked(), false);

      // Password: a wrong current one is named on its field; then the change goes through.
      const senha = page.getByRole('region', { name: 'Senha', exact: true });
      await senha.getByLabel('Senha atual').fill('errada-000');
      await senha.getByLabel('Nova senha', { exact: true }).fill('nova-senha-456');
      await senha.getByLabel('Confirmar nova senha').fill('nova-senha-456');
      await senha.getByRole('button', { name: 'Alterar senha' }).click();
      await senha.getByText('Senha atual incorreta').waitFor();
      await senha.getByLabel('Senha atual').fill('segredo-123');
      await senha.getByRole('button', { name: 'Alterar senha' }).click();
      await senha.getByText('Senha alterada.').waitFor();

      // Download my data: one JSON file with the profile in it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar meus dados' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^verde-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
      assert.equal(file.formato, 'verde-dados-pessoais');
      assert.equal(file.secoes.perfil[0].email, email);
      assert.equal(file.secoes.perfil[0].nome, 'Dora Deletada');
      await page.getByText(/Arquivo gerado com \d+ registros?\./).waitFor();

      // Delete: the word, then the (new) password.
      const excluir = page.getByRole('region', { name: 'Excluir minha conta' });
      await excluir.getByLabel('Digite EXCLUIR para confirmar').fill('apagar');
      await excluir.getByRole('button', { name: 'Excluir minha conta' }).click();
      await excluir.getByText('Digite EXCLUIR para confirmar a exclusão da conta').waitFor();
      await excluir.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR');
      await excluir.getByLabel('Sua senha').fill('segredo-123');
      await excluir.getByRole('button', { name: 'Excluir minha conta' }).click();
      await excluir.getByText('Senha incorreta').waitFor();
      await excluir.getByLabel('Sua senha').fill('nova-senha-456');
      await excluir.getByRole('button', { name: 'Excluir minha conta' }).click();
      await page.waitForURL('**/login');
      await page.getByText('Sua conta foi excluída. Até logo!').waitFor();

      // Signing in again fails, with either password.
      for (const password of ['nova-senha-456', 'segredo-123']) await refusedSignIn(page, { email, password });
    });
  });

  test('"Esqueci minha senha": the code the local cloud prints and serves resets the password', async () => {
    const user = { ...person('Edu Esquecido'), password: 'antiga-123' };
    const email = user.email;
    await createAccount(user);

    await withSessions(async (open) => {
      const page = await open({ viewport: { width: 360, height: 780 } });
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
      await page.waitForURL('**/esqueci-senha');
      await page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' }).waitFor();
      await shot(page, 'esqueci-senha');
      // The e-mail typed on /login came along.
      assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), email);
      const since = cloud.log().length;
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await page.getByLabel('Código').waitFor();
      await shot(page, 'esqueci-senha-codigo');

      const res = await fetch(`${cloud.url}/dev/codigo-senha?email=${encodeURIComponent(email)}`);
      assert.equal(res.status, 200);
      const { codigo } = await res.json();
      assert.match(codigo, /^\d{6}$/);
      assert.ok(cloud.log().slice(since).includes(`código para redefinir a senha de ${email}: ${codigo}`), 'the code is in the log');

      await page.getByLabel('Código').fill(codigo === '000000' ? '111111' : '000000');
      await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-789');
      await page.getByLabel('Confirmar nova senha').fill('nova-senha-789');
      await page.getByRole('button', { name: 'Redefinir senha' }).click();
      await page.getByText('Código incorreto. Confira o código e tente novamente.').waitFor();
      await page.getByLabel('Código').fill(codigo);
      await page.getByRole('button', { name: 'Redefinir senha' }).click();
      await page.waitForURL('**/login');
      await page.getByText('Senha alterada. Entre com a nova senha.').waitFor();

      await refusedSignIn(page, user);
      await signIn(page, { email, password: 'nova-senha-789' });

      // An unknown e-mail gets the same answer (no account oracle).
      await page.context().clearCookies();
      const other = await open({ viewport: { width: 1280, height: 800 } });
      await other.goto('/esqueci-senha');
      await other.getByLabel('Email', { exact: true }).fill(`ninguem-${runId}@exemplo.com`);
      await other.getByRole('button', { name: 'Enviar código' }).click();
      await other.getByLabel('Código').waitFor();
      await shot(other, 'esqueci-senha');
    });
  });
});
