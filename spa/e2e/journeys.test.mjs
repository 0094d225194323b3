// The journeys of issue 3 in a real browser against the local cloud.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';
import { seedUnreadNotifications } from './support/dynamodb.mjs';
import { answerTotp } from './support/totp.mjs';

let cloud;
let seq = 0;
const runId = Date.now().toString(36);
const newUser = (name = 'Maria Clara Souza') => ({
  name,
  email: `e2e-${runId}-${++seq}@exemplo.com`,
  password: 'segredo-123',
});

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

async function withSession(fn, options = {}) {
  const session = await openSession({ baseURL: cloud.url, ...options });
  try {
    await fn(session.page, session);
    assert.deepEqual(session.errors.map(String), [], 'uncaught errors in the page');
  } finally {
    await session.close();
  }
}

function path(page) {
  return new URL(page.url()).pathname;
}

async function heading(page, name) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

async function register(page, user, confirmPassword = user.password) {
  await page.goto('/registro');
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(confirmPassword);
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

async function signIn(page, email, password) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function dropdownName(page) {
  const button = page.getByRole('button', { name: /Menu do usuário/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const name = await page.getByTestId('user-menu-name').textContent();
  await button.click();
  return name;
}

async function alertText(page) {
  const alert = page.getByRole('alert').first();
  await page.waitForFunction(() => document.querySelector('[role="alert"]')?.textContent?.trim());
  return (await alert.textContent()).trim();
}

async function accessToken(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    return key ? localStorage.getItem(key) : null;
  });
}

async function userIdOf(page) {
  const payload = (await accessToken(page)).split('.')[1];
  return JSON.parse(Buffer.from(payload, 'base64url').toString()).sub;
}

describe('Verde in Chromium against the local cloud', { timeout: 600_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('register → /dashboard with the name in the dropdown; reload keeps the session; Sair → /login', async () => {
    const user = newUser();
    await withSession(async (page) => {
      await register(page, user);
      await page.waitForURL('**/dashboard');
      await heading(page, 'Dashboard');
      assert.equal(await dropdownName(page), user.name);

      await page.reload();
      await heading(page, 'Dashboard');
      assert.equal(path(page), '/dashboard');
      assert.equal(await dropdownName(page), user.name);

      await page.getByRole('button', { name: /Menu do usuário/ }).click();
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL('**/login');
      await heading(page, 'Entrar na sua conta');
      await page.goto('/dashboard');
      await page.waitForURL('**/login');
    });
  });

  test('each registration error', async () => {
    const existing = newUser('Pedro Alves');
    await withSession(async (page) => {
      await register(page, newUser(), 'outra-senha');
      assert.equal(await alertText(page), 'As senhas não coincidem');

      await page.getByLabel('Senha', { exact: true }).fill('12345');
      await page.getByLabel('Confirmar senha').fill('12345');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      assert.equal(await alertText(page), 'A senha deve ter pelo menos 8 caracteres');
      assert.equal(path(page), '/registro');
    });
    await withSession(async (page) => {
      await register(page, existing);
      await page.waitForURL('**/dashboard');
    });
    await withSession(async (page) => {
      await register(page, existing);
      await page.getByRole('button', { name: 'Criar conta' }).waitFor();
      assert.equal(await alertText(page), 'Erro ao criar conta. Tente novamente.');
      assert.equal(path(page), '/registro');
    });
  });

  test("wrong password → 'Email ou senha incorretos'", async () => {
    await withSession(async (page) => {
      await page.goto('/login');
      await signIn(page, cloud.admin.email, 'senha-errada');
      assert.equal(await alertText(page), 'Email ou senha incorretos');
      assert.equal(path(page), '/login');
    });
  });

  test('signed out /cultivos → /login → sign in → back at /cultivos; unknown path → /dashboard', async () => {
    const user = newUser('Joana Lima');
    await withSession(async (page) => {
      await register(page, user);
      await page.waitForURL('**/dashboard');
    });
    await withSession(async (page) => {
      await page.goto('/cultivos');
      await page.waitForURL('**/login');
      await heading(page, 'Entrar na sua conta');
      await signIn(page, user.email, user.password);
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
      await page.waitForURL('**/dashboard');
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
      await page.waitForURL('**/dashboard');
      assert.equal(await page.getByRole('link', { name: /Painel Admin/ }).count(), 0);
      await page.goto('/admin/usuarios');
      await page.waitForURL('**/dashboard');
      await heading(page, 'Dashboard');
    });
    await withSession(async (page) => {
      await page.goto('/login');
      await signIn(page, cloud.admin.email, cloud.admin.password);
      await answerTotp(page, cloud.admin.totpSecret);
      await page.waitForURL('**/dashboard');
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
    await withSession(async (page) => {
      await register(page, user);
      await page.waitForURL('**/dashboard');
    });
    await withSession(async (page, session) => {
      await page.goto('/login');
      await page.evaluate(() => (window.__sameDocument = true));
      const popupOpened = session.context.waitForEvent('page');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      const popup = await popupOpened;
      await popup.locator('input[name="username"]').waitFor();
      await popup.locator('input[name="username"]').fill(user.email);
      await popup.locator('input[name="password"]').fill(user.password);
      await popup.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/dashboard');
      await heading(page, 'Dashboard');
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page itself never left');
      assert.equal(await dropdownName(page), user.name);
      if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 10_000 });
      assert.ok(popup.isClosed(), 'the popup closes itself');
      await page.reload();
      await heading(page, 'Dashboard');

      // A hosted-UI session signs out through Cognito's /logout, which sends the browser back.
      await page.getByRole('button', { name: /Menu do usuário/ }).click();
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL('**/login');
      await heading(page, 'Entrar na sua conta');
      await page.goto('/dashboard');
      await page.waitForURL('**/login');
    });
  });

  test('a closed Google popup falls back to the redirect, which the login screen completes', async () => {
    const user = newUser('Rafael Redirect');
    await withSession(async (page) => {
      await register(page, user);
      await page.waitForURL('**/dashboard');
    });
    await withSession(async (page, session) => {
      await page.goto('/login');
      const popupOpened = session.context.waitForEvent('page');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      const popup = await popupOpened;
      await popup.close();
      // The page itself leaves for the hosted UI.
      await page.locator('input[name="username"]').waitFor({ timeout: 20_000 });
      await page.locator('input[name="username"]').fill(user.email);
      await page.locator('input[name="password"]').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/dashboard');
      assert.equal(await dropdownName(page), user.name);
    });
  });

  test("the badge shows '9+' when 12 notifications are unread", async () => {
    const user = newUser('Lia Notificada');
    await withSession(async (page) => {
      await register(page, user);
      await page.waitForURL('**/dashboard');
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
        await page.waitForURL('**/dashboard');
        const toggle = page.getByRole('button', { name: 'Abrir menu' });
        await toggle.click();
        const menu = page.getByRole('navigation', { name: 'Menu principal' });
        await menu.getByRole('link', { name: 'Feed' }).click();
        await page.waitForURL('**/feed');
        await heading(page, 'Feed');
        assert.equal(await page.getByRole('button', { name: 'Abrir menu' }).getAttribute('aria-expanded'), 'false');
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
