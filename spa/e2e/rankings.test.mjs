// The rankings of issue 13 in a real browser against the local cloud: a member who created a
// group (20 points) sees herself first in the general and monthly rankings, with her row marked
// and her position; she opts out of the public rankings and still sees her own standing, while a
// second member no longer sees her; the "Meu grupo" and "Grupos" tabs answer too. Screens are
// captured at 360 and 1280 px into VERDE_SHOTS (when set).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';

let cloud;
const runId = Date.now().toString(36);
const person = (name, n) => ({ name, email: `e2e-rankings-${runId}-${n}@exemplo.com`, password: 'segredo-123' });
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

async function createGroup(page, name) {
  await page.goto('/grupos/novo');
  await page.getByLabel('Nome do grupo').fill(name);
  await page.getByLabel('Cidade').fill('Campinas');
  await page.getByLabel('UF').selectOption('SP');
  await page.getByRole('button', { name: 'Criar grupo' }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

describe('rankings in Chromium against the local cloud', { timeout: 900_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('a member climbs into the rankings, opts out and still sees her place', async () => {
    const rosa = person('Rosa Ranking', 1);
    const ze = person('Zé Segundo', 2);
    const groupName = `Horta do Ranking ${runId}`;

    await withSession(async (page) => {
      await register(page, rosa);
      await createGroup(page, groupName);

      await page.goto('/rankings');
      const geral = page.getByRole('list', { name: 'Os 50 primeiros de todos os tempos' });
      const mine = geral.getByRole('listitem').filter({ hasText: rosa.name });
      await mine.getByText('Você', { exact: true }).waitFor();
      assert.equal(await mine.getAttribute('aria-current'), 'true');
      assert.match(await mine.getByRole('link', { name: rosa.name }).getAttribute('href'), /^\/membros\/[0-9a-f-]+$/);
      // 20 for the group and 20 for the conquista Fundador.
      await mine.getByText('40 pontos').waitFor();
      await page.getByRole('status').filter({ hasText: 'Você está em' }).getByText('40 pontos').waitFor();
      await shot(page, 'rankings-geral');

      await page.getByRole('link', { name: 'Este mês' }).click();
      await page.getByText(/O ranking do mês recomeça no dia 1º/).waitFor();
      await page.getByRole('list', { name: 'Os 50 primeiros do mês' }).getByText(rosa.name).waitFor();
      await shot(page, 'rankings-mes');

      await page.getByRole('link', { name: 'Meu grupo' }).click();
      await page.getByLabel('Grupo', { exact: true }).selectOption({ label: groupName });
      await page.getByRole('list', { name: `Membros de ${groupName}` }).getByText(rosa.name).waitFor();
      await shot(page, 'rankings-grupo');

      await page.getByRole('link', { name: 'Grupos', exact: true }).click();
      await page.getByText('Seu grupo ainda não registrou colheitas em kg neste período.').waitFor();
      await shot(page, 'rankings-grupos');

      // Opting out: out of the public lists, still told her own place.
      await page.getByRole('link', { name: 'Geral' }).click();
      await page.getByRole('checkbox', { name: 'Ocultar meu nome dos rankings públicos' }).check();
      await page.getByText('Pronto: você está oculto dos rankings públicos.').waitFor();
      await page.getByText('Você está oculto dos rankings públicos: só você vê a sua posição.').waitFor();
      await page.getByRole('status').filter({ hasText: 'Você está em' }).waitFor();
      await shot(page, 'rankings-oculto');
    });

    await withSession(async (page) => {
      await register(page, ze);
      await page.goto('/rankings');
      await page.getByText('Você ainda não tem pontos neste período.', { exact: false }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByText(rosa.name).count(), 0, 'an opted-out member is not listed to others');
      await shot(page, 'rankings-outro');
    });

    // A 360 px phone, without sideways scrolling.
    await withSession(
      async (page) => {
        await signIn(page, rosa);
        for (const aba of ['geral', 'mes', 'grupo', 'grupos']) {
          await page.goto(`/rankings?aba=${aba}`);
          await page.getByRole('heading', { level: 1, name: 'Rankings' }).waitFor();
          await page.waitForLoadState('networkidle');
          assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `no sideways scroll on ${aba}`);
          await shot(page, `rankings-${aba}`);
        }
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
