// The progress journey of issue 13 in a real browser against the local cloud: a new member starts
// a cultivo in their Horta pessoal and harvests for the first time; 'Primeira Colheita' unlocks in
// the harvest's own transaction: the bell counts its notification, /notificacoes lists it (unread
// first, with its icon, sentence and link), marking it read drops the badge at once, and /perfil
// shows the conquista earned (with its date) next to the locked ones with their progress. The
// member's public page is reached from their group's member list, without an e-mail. Screens are
// captured at 360 and 1280 px into VERDE_SHOTS (when set).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';

let cloud;
const runId = Date.now().toString(36);
const person = (name, n) => ({ name, email: `e2e-progress-${runId}-${n}@exemplo.com`, password: 'segredo-123' });
const shots = process.env.VERDE_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}-${page.viewportSize().width}.png`), fullPage: true });
}

async function withSession(fn, options = {}) {
  const session = await openSession({ baseURL: cloud.url, ...options });
  try {
    await fn(session.page, session);
    assert.deepEqual(session.errors.map(String), [], 'uncaught errors in the page');
  } finally {
    await session.close();
  }
}

async function register(page, user) {
  await page.goto('/registro');
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.waitForURL('**/dashboard');
}

async function signIn(page, user) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

const unlocked = 'Você desbloqueou a conquista Primeira Colheita! +20 pontos';

describe('progress in Chromium against the local cloud', { timeout: 900_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('a first harvest unlocks Primeira Colheita: notification, badge, /perfil; public page from the member list', async () => {
    const grower = person('Rosa Primeira', 1);
    let memberUrl;

    await withSession(async (page) => {
      await register(page, grower);
      // A new member: no notifications, the bell shows no badge.
      await page.goto('/notificacoes');
      await page.getByRole('heading', { name: 'Nenhuma notificação ainda' }).waitFor();
      assert.equal(await page.getByTestId('unread-badge').count(), 0);
      await shot(page, 'notificacoes-vazio');

      // Before any harvest, /perfil shows Primeira Colheita locked at 0 de 1.
      await page.goto('/perfil');
      const primeira = page.locator('[data-codigo="primeira-colheita"]');
      await primeira.getByText('0 de 1 colheita').waitFor();

      // A cultivo in the Horta pessoal, then its first harvest.
      await page.goto('/cultivos?novo=alface-verao');
      const create = page.getByRole('dialog', { name: 'Novo cultivo' });
      await create.getByLabel('Quantidade').fill('12');
      await create.getByRole('button', { name: 'Criar cultivo' }).click();
      await page.waitForURL('**/cultivos/*');
      await page.getByText('Cultivo criado! +10 pontos.').waitFor();
      await page.getByRole('button', { name: 'Registrar colheita' }).click();
      const harvest = page.getByRole('dialog', { name: 'Registrar colheita' });
      await harvest.getByLabel('Quantidade').fill('1,2');
      await harvest.getByRole('button', { name: 'Registrar colheita' }).click();
      await page.getByText('Colheita registrada (+50 pontos).').waitFor();

      // The bell counts Primeira Semente and Primeira Colheita, without waiting for its poll.
      await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"]')?.textContent === '2', null, { timeout: 10_000 });

      // /notificacoes: both unread, newest first, each a link to the profile's conquistas.
      await page.goto('/notificacoes');
      const items = page.getByTestId('notificacao');
      await items.first().waitFor();
      assert.equal(await items.count(), 2);
      assert.equal(await items.nth(0).getAttribute('data-tipo'), 'conquista');
      await items.nth(0).getByRole('link', { name: unlocked }).waitFor();
      await items.nth(1).getByRole('link', { name: /Primeira Semente/ }).waitFor();
      await items.nth(0).getByText('agora').waitFor();
      await shot(page, 'notificacoes');

      // Mark one read: the badge drops at once; then all: it is hidden.
      await items.nth(0).getByRole('button', { name: 'Marcar como lida' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"]')?.textContent === '1', null, { timeout: 3_000 });
      assert.equal(await items.nth(0).getByRole('button', { name: 'Marcar como lida' }).count(), 0);
      await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="unread-badge"]'), null, { timeout: 3_000 });
      await page.getByText('Tudo lido').waitFor();
      // Read stays read after a reload.
      await page.reload();
      await page.getByText('Tudo lido').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Marcar como lida' }).count(), 0);
      await shot(page, 'notificacoes-lidas');

      // The notification's link leads to the conquistas on /perfil.
      await page.getByRole('link', { name: unlocked }).click();
      await page.waitForURL('**/perfil#conquistas');
      await primeira.getByText(/Conquistada em/).waitFor();
      await page.locator('[data-codigo="colheita-farta"]').getByText('1 de 10 colheitas').waitFor();
      await page.getByRole('region', { name: 'Estatísticas' }).getByText('1,2 kg').waitFor();
      // 10 (cultivo) + 10 (Primeira Semente) + 50 (harvest) + 20 (Primeira Colheita).
      await page.getByText('90 pontos').first().waitFor();
      await shot(page, 'perfil');

      // A group of mine: its member list links to my public page, which shows no e-mail.
      await page.goto('/grupos/novo');
      await page.getByLabel('Nome do grupo').fill(`Horta Progresso ${runId}`);
      await page.getByLabel('Cidade').fill('Recife');
      await page.getByLabel('UF').selectOption('PE');
      await page.getByRole('button', { name: 'Criar grupo' }).click();
      await page.getByRole('heading', { level: 1, name: `Horta Progresso ${runId}` }).waitFor();
      const groupId = new URL(page.url()).pathname.split('/')[2];
      await page.goto(`/grupos/${groupId}?aba=membros`);
      await page.getByRole('link', { name: grower.name }).click();
      await page.waitForURL('**/membros/*');
      memberUrl = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: grower.name }).waitFor();
      await page.locator('[data-codigo="fundador"]').getByText(/Conquistada em/).waitFor();
      // (The account menu and the e-mail banner show the signed-in user's own e-mail; the page never.)
      assert.equal(await page.locator('.page-grid').getByText(grower.email).count(), 0, 'no e-mail on a public page');
      await shot(page, 'membro');
    });

    // Another member opens the same public page; then the screens on a 360 px phone.
    await withSession(
      async (page) => {
        await register(page, person('Vizinho Curioso', 2));
        for (const [path, name] of [
          [memberUrl, 'membro'],
          ['/notificacoes', 'notificacoes-vizinho'],
        ]) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `no sideways scroll on ${path}`);
          await shot(page, name);
        }
        await page.goto(memberUrl);
        await page.locator('[data-codigo="primeira-colheita"]').getByText(/Conquistada em/).waitFor();
        assert.equal(await page.getByText(grower.email).count(), 0, "another member never sees the grower's e-mail");
      },
      { viewport: { width: 360, height: 740 } },
    );
    await withSession(
      async (page) => {
        await signIn(page, grower);
        for (const [path, name] of [
          ['/perfil', 'perfil'],
          ['/notificacoes', 'notificacoes-lidas'],
        ]) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `no sideways scroll on ${path}`);
          await shot(page, name);
        }
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
