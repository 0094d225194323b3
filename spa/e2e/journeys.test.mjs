// The first journeys in a real browser against the local cloud: registration, sign-in and
// sign-out, the session kept across reloads and refreshed when its token expires, the guards of
// signed-in and admin pages, Google's sign-in (popup and redirect), the unread badge and the
// phone menu.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seedUnreadNotifications } from './support/dynamodb.mjs';
import { accessToken, assertNoSidewaysScroll, createAccount, fillRegistration, heading, people, register, signIn, signOut, submitSignIn, useLocalCloud, userIdOf, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('journeys');
const newUser = (name = 'Maria Clara Souza') => person(name);

const adminPaths = [
  ['/admin', 'Painel Admin'],
  ['/admin/vegetais', 'Vegetais'],
  ['/admin/banners', 'Banners'],
  ['/admin/usuarios', 'Usuários'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/guias', 'Guias'],
  ['/admin/conquistas', 'Conquistas'],
  ['/admin/moderacao', 'Moderação'],
  ['/admin/dados', 'Dados'],
  ['/admin/configuracoes', 'Configurações'],
];

function path(page) {
  return new URL(page.url()).pathname;
}

async function dropdownName(page) {
  const button = page.getByRole('button', { name: /Menu do usuário/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const name = await page.getByTestId('user-menu-name').textContent();
  await button.click();
  return name;
}

/** Signs out and finds the signed-in pages closed: /dashboard sends back to /login. */
async function signOutForGood(page) {
  await signOut(page);
  await heading(page, 'Entrar na sua conta');
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
}

/** Signs in on cognito-local's hosted-UI form, in the popup or in the page itself. */
async function hostedUiSignIn(where, user) {
  await where.locator('input[name="username"]').waitFor();
  await where.locator('input[name="username"]').fill(user.email);
  await where.locator('input[name="password"]').fill(user.password);
  await where.getByRole('button', { name: 'Sign in' }).click();
}

async function alertText(page) {
  const alert = page.getByRole('alert').first();
  await page.waitForFunction(() => document.querySelector('[role="alert"]')?.textContent?.trim());
  return (await alert.textContent()).trim();
}

describe('Verde in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('register → /dashboard with the name in the dropdown; reload keeps the session; Sair → /login', async () => {
    const user = newUser();
    await withSession(async (page) => {
      await register(page, user);
      await heading(page, 'Dashboard');
      assert.equal(await dropdownName(page), user.name);

      await page.reload();
      await heading(page, 'Dashboard');
      assert.equal(path(page), '/dashboard');
      assert.equal(await dropdownName(page), user.name);

      await signOutForGood(page);
    });
  });

  test('each registration error', async () => {
    const existing = newUser('Pedro Alves');
    await withSession(async (page) => {
      await page.goto('/registro');
      await fillRegistration(page, newUser(), 'outra-senha');
      assert.equal(await alertText(page), 'As senhas não coincidem');

      await page.getByLabel('Senha', { exact: true }).fill('12345');
      await page.getByLabel('Confirmar senha').fill('12345');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      assert.equal(await alertText(page), 'A senha deve ter pelo menos 8 caracteres');
      assert.equal(path(page), '/registro');
    });
    await withSession(async (page) => {
      await register(page, existing);
    });
    await withSession(async (page) => {
      await page.goto('/registro');
      await fillRegistration(page, existing);
      await page.getByRole('button', { name: 'Criar conta' }).waitFor();
      assert.equal(await alertText(page), 'Erro ao criar conta. Tente novamente.');
      assert.equal(path(page), '/registro');
    });
  });

  test("wrong password → 'Email ou senha incorretos'", async () => {
    await withSession(async (page) => {
      await page.goto('/login');
      await submitSignIn(page, { email: cloud.admin.email, password: 'senha-errada' });
      assert.equal(await alertText(page), 'Email ou senha incorretos');
      assert.equal(path(page), '/login');
    });
  });

  test('signed out /cultivos → /login → sign in → back at /cultivos; unknown path → /dashboard', async () => {
    const user = newUser('Joana Lima');
    await createAccount(user);
    await withSession(async (page) => {
      await page.goto('/cultivos');
      await page.waitForURL('**/login');
      await heading(page, 'Entrar na sua conta');
      await submitSignIn(page, user);
      await page.waitForURL('**/cultivos');
      await heading(page, 'Cultivos');

      await page.goto('/isto-nao-existe');
      await page.waitForURL('**/dashboard');
      await heading(page, 'Dashboard');
      await page.goto('/');
      await page.waitForURL('**/dashboard');
    });
  });

  test('an expired access token is refreshed on reload, and the session goes on', async () => {
    const user = newUser('Tereza Renovada');
    await withSession(async (page) => {
      await register(page, user);
      const tokenBefore = await accessToken(page);
      // Two hours later the one-hour access token has expired; only the refresh token helps.
      await page.clock.install({ time: Date.now() + 2 * 60 * 60 * 1000 });
      await page.reload();
      await heading(page, 'Dashboard');
      assert.equal(await dropdownName(page), user.name);
      assert.equal(path(page), '/dashboard');
      assert.notEqual(await accessToken(page), tokenBefore, 'a new access token');
    });
  });

  test('a non-admin at /admin goes to /dashboard; the demo admin sees every admin page', async () => {
    const user = newUser('Carlos Souza');
    await withSession(async (page) => {
      await register(page, user);
      assert.equal(await page.getByRole('link', { name: /Painel Admin/ }).count(), 0);
      await page.goto('/admin/usuarios');
      await page.waitForURL('**/dashboard');
      await heading(page, 'Dashboard');
    });
    await withSession(async (page) => {
      await signIn(page, cloud.admin);
      const adminLink = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /Painel Admin/ });
      assert.match(await adminLink.textContent(), /Dev/);
      for (const [adminPath, title] of adminPaths) {
        await page.goto(adminPath);
        await heading(page, title);
        assert.equal(path(page), adminPath);
        if (adminPath === '/admin/conquistas') await page.getByRole('list', { name: 'Conquistas' }).waitFor();
      }
    });
  });

  test('the Google button completes through the local hosted-UI form (popup)', async () => {
    const user = newUser('Beatriz Google');
    await createAccount(user);
    await withSession(async (page) => {
      await page.goto('/login');
      await page.evaluate(() => (window.__sameDocument = true));
      const popupOpened = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      const popup = await popupOpened;
      await hostedUiSignIn(popup, user);
      await page.waitForURL('**/dashboard');
      await heading(page, 'Dashboard');
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page itself never left');
      assert.equal(await dropdownName(page), user.name);
      if (!popup.isClosed()) await popup.waitForEvent('close');
      assert.ok(popup.isClosed(), 'the popup closes itself');
      await page.reload();
      await heading(page, 'Dashboard');

      // A hosted-UI session signs out through Cognito's /logout, which sends the browser back.
      await signOutForGood(page);
    });
  });

  test('a closed Google popup falls back to the redirect, which the login screen completes', async () => {
    const user = newUser('Rafael Redirect');
    await createAccount(user);
    await withSession(async (page) => {
      await page.goto('/login');
      const popupOpened = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      const popup = await popupOpened;
      await popup.close();
      // The page itself leaves for the hosted UI.
      await hostedUiSignIn(page, user);
      await page.waitForURL('**/dashboard');
      assert.equal(await dropdownName(page), user.name);
    });
  });

  test("the badge shows '9+' when 12 notifications are unread", async () => {
    const user = newUser('Lia Notificada');
    await withSession(async (page) => {
      await register(page, user);
      await heading(page, 'Dashboard');
      assert.equal(await page.getByTestId('unread-badge').count(), 0);
      await seedUnreadNotifications({ endpoint: cloud.dynamoEndpoint, table: cloud.tableName, userId: await userIdOf(page), count: 12 });
      await page.reload();
      await page.getByTestId('unread-badge').waitFor();
      assert.equal((await page.getByTestId('unread-badge').textContent()).trim(), '9+');
      await page.getByRole('link', { name: 'Notificações: 9+ (12 não lidas)' }).click();
      await page.waitForURL('**/notificacoes');
      await heading(page, 'Notificações');
    });
  });

  test('works on a 360 px phone: the menu opens, navigates and closes', async () => {
    const user = newUser('Ana Celular');
    await withSession(
      async (page) => {
        await register(page, user);
        const toggle = page.getByRole('button', { name: 'Abrir menu' });
        await toggle.click();
        const menu = page.getByRole('navigation', { name: 'Menu principal' });
        await menu.getByRole('link', { name: 'Feed' }).click();
        await page.waitForURL('**/feed');
        await heading(page, 'Feed');
        assert.equal(await page.getByRole('button', { name: 'Abrir menu' }).getAttribute('aria-expanded'), 'false');
        await assertNoSidewaysScroll(page, '/feed');
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
