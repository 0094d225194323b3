// The site admin's half of issue 14 in Chromium against the local cloud: the demo admin creates
// a banner (with its preview) that a new member sees on /dashboard, finds that member in
// /admin/usuarios by name, opens their page, adjusts their points with a reason (the member is
// notified, the ledger shows it), is told which rule is out of range and saves a rule in
// /admin/configuracoes, sees the member counted under Fundador in /admin/conquistas and changes its
// points there, and finds those writes in the audit log on /admin; the member's
// activity (new, active, a post) shows on today's row of /admin/analytics and in the KPIs. Screens are captured at 1280 and 360 px into VERDE_SHOTS (when set).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';
import { answerTotp } from './support/totp.mjs';

let cloud;
const runId = Date.now().toString(36);
const shots = process.env.VERDE_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

/** Captures the screen at 1280 and at 360 px. */
async function shot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, `${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signInAdmin(page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(cloud.admin.email);
  await page.getByLabel('Senha', { exact: true }).fill(cloud.admin.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await answerTotp(page, cloud.admin.totpSecret);
  await page.waitForURL('**/dashboard');
}

async function accessToken(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    return key ? localStorage.getItem(key) : null;
  });
}

async function apiGet(token, path) {
  const res = await fetch(`${cloud.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

describe('the admin area in Chromium against the local cloud', { timeout: 600_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('banner seen by a member, member found, points adjusted with a reason, a rule changed', async () => {
    const member = { name: `Quitéria Horta${runId}`, email: `e2e-admin-${runId}@exemplo.com`, password: 'segredo-123' };
    const titulo = `Mutirão de plantio ${runId}`;
    const admin = await openSession({ baseURL: cloud.url, viewport: { width: 1280, height: 800 } });
    const memberSession = await openSession({ baseURL: cloud.url, viewport: { width: 1280, height: 800 } });
    try {
      const m = memberSession.page;
      await m.goto('/registro');
      await m.getByLabel('Nome completo').fill(member.name);
      await m.getByLabel('Email', { exact: true }).fill(member.email);
      await m.getByLabel('Senha', { exact: true }).fill(member.password);
      await m.getByLabel('Confirmar senha').fill(member.password);
      await m.getByRole('button', { name: 'Criar conta' }).click();
      await m.waitForURL('**/dashboard');

      // The admin creates a banner; the preview shows it as members will.
      const a = admin.page;
      await signInAdmin(a);
      await a.goto('/admin/banners');
      await a.getByRole('heading', { level: 1, name: 'Banners' }).waitFor();
      await a.getByRole('button', { name: 'Novo banner' }).click();
      const dialog = a.getByRole('dialog', { name: 'Novo banner' });
      await dialog.getByRole('button', { name: 'Criar banner' }).click();
      await dialog.getByText('Informe o título').waitFor();
      await dialog.getByLabel('Título').fill(titulo);
      await dialog.getByLabel('Texto').fill('Sábado às 8h na horta da praça. Traga sua muda!');
      await dialog.getByLabel('Link (opcional)').fill('/grupos/diretorio');
      await dialog.getByRole('heading', { level: 2, name: titulo }).waitFor(); // the preview
      await shot(a, 'admin-banners-form');
      await dialog.getByRole('button', { name: 'Criar banner' }).click();
      await a.locator('p.flash', { hasText: `Banner "${titulo}" criado.` }).waitFor();
      await a.getByRole('list', { name: 'Banners' }).getByRole('heading', { name: titulo }).waitFor();
      await shot(a, 'admin-banners-lista');

      // The member sees it on /dashboard.
      await m.goto('/dashboard');
      const banners = m.getByRole('region', { name: 'Avisos do Verde' });
      await banners.getByRole('heading', { name: titulo }).waitFor();
      await shot(m, 'dashboard-banner');

      // The admin finds the member by a word of the name and opens their page.
      await a.goto('/admin/usuarios');
      await a.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
      await shot(a, 'admin-usuarios-vazio');
      await a.getByLabel('Buscar', { exact: true }).fill(`horta${runId}`);
      const found = a.getByRole('list', { name: 'Membros encontrados' });
      await found.getByText(member.email).waitFor();
      await shot(a, 'admin-usuarios-busca');
      await found.getByRole('link', { name: new RegExp(member.name) }).click();
      await a.getByRole('heading', { level: 1, name: member.name }).waitFor();

      // Adjusting points needs a reason; with one, the member is notified.
      const adjust = a.getByRole('region', { name: 'Ajustar pontos' });
      await adjust.getByLabel('Pontos').fill('25');
      await adjust.getByRole('button', { name: 'Ajustar pontos' }).click();
      await adjust.getByText('Informe o motivo do ajuste (de 3 a 300 caracteres)').waitFor();
      await adjust.getByLabel('Motivo').fill('Ajudou no mutirão de sábado');
      await adjust.getByRole('button', { name: 'Ajustar pontos' }).click();
      await a.locator('p.flash', { hasText: 'O membro foi avisado' }).waitFor();
      const ledger = a.getByRole('region', { name: 'Extrato de pontos' });
      await ledger.getByText('Ajudou no mutirão de sábado').waitFor();
      await shot(a, 'admin-usuario');
      const unread = await apiGet(await accessToken(m), '/notifications/unread-count');
      assert.equal(unread.status, 200);
      assert.ok(unread.body.count >= 1, `the member was notified: ${JSON.stringify(unread.body)}`);
      const me = await apiGet(await accessToken(m), '/me');
      assert.equal(me.body.pontosTotais, 25);

      // A rule out of range is refused under its field; a valid one is saved.
      await a.goto('/admin/configuracoes');
      await a.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
      const colheita = a.getByLabel('Pontos pela primeira colheita de um cultivo');
      await colheita.fill('5000');
      await a.getByRole('button', { name: 'Salvar regras' }).click();
      await a.getByText('Pontos pela primeira colheita de um cultivo: informe um número entre 0 e 1000').waitFor();
      await shot(a, 'admin-configuracoes-erro');
      await colheita.fill('60');
      await a.getByRole('button', { name: 'Salvar regras' }).click();
      await a.locator('p.flash', { hasText: 'Regras salvas' }).waitFor();
      const rules = await apiGet(await accessToken(a), '/admin/rules');
      assert.equal(rules.body.pontos.colheita, 60);
      await shot(a, 'admin-configuracoes');

      // /admin/conquistas: the member founds a group (Fundador), counted at once; the admin
      // changes Fundador's points there (a value out of range is refused under its field).
      const groupRes = await fetch(`${cloud.url}/api/groups`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await accessToken(m)}`, 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-grupo-${runId}` },
        body: JSON.stringify({ nome: `Horta da Quitéria ${runId}`, cidade: 'Recife', uf: 'PE' }),
      });
      assert.equal(groupRes.status, 201, await groupRes.text());
      const conquistasApi = await apiGet(await accessToken(a), '/admin/conquistas');
      const fundadores = conquistasApi.body.items.find((c) => c.codigo === 'fundador').membros;
      assert.ok(fundadores >= 1, `Fundador counts the member: ${fundadores}`);
      await a.goto('/admin/conquistas');
      await a.getByRole('heading', { level: 1, name: 'Conquistas' }).waitFor();
      const conquistas = a.getByRole('list', { name: 'Conquistas' });
      const fundador = conquistas.getByRole('listitem', { name: 'Fundador' });
      await fundador.getByText(fundadores === 1 ? '1 membro' : `${fundadores} membros`, { exact: true }).waitFor();
      await conquistas.getByRole('listitem', { name: 'Colheita Farta' }).getByText('Ao chegar a 10 colheitas').waitFor();
      const pontosFundador = a.getByRole('spinbutton', { name: 'Pontos de bônus: Fundador' });
      await pontosFundador.fill('5000');
      await a.getByRole('button', { name: 'Salvar pontos' }).click();
      await fundador.getByText('Pontos da conquista Fundador: informe um número entre 0 e 1000').waitFor();
      assert.equal(await pontosFundador.evaluate((el) => el === document.activeElement), true, 'the field in error has the focus');
      await shot(a, 'admin-conquistas-erro');
      await pontosFundador.fill('35');
      await a.getByRole('button', { name: 'Salvar pontos' }).click();
      await a.locator('p.flash', { hasText: 'Pontos salvos' }).waitFor();
      const saved = await apiGet(await accessToken(a), '/admin/rules');
      assert.equal(saved.body.conquistas.fundador, 35);
      assert.equal(saved.body.pontos.colheita, 60, 'the other rules kept as they were');
      await shot(a, 'admin-conquistas');

      // The admin dashboard lists these writes in the audit log, filtered by action.
      await a.goto('/admin');
      const audit = a.getByRole('list', { name: 'Registro de auditoria' });
      await audit.getByText('Regras editadas').first().waitFor();
      await audit.getByText('Pontos ajustados').first().waitFor();
      await audit.getByText('Banner criado').first().waitFor();
      await a.getByLabel('Ação').selectOption('usuario.pontos');
      await a.waitForFunction(() => [...document.querySelectorAll('[aria-label="Registro de auditoria"] strong')].every((s) => s.textContent === 'Pontos ajustados'));
      await shot(a, 'admin-dashboard');

      // The analytics chart shows the day's activity: the member, new and active today, posts;
      // today's row of the table (and of the API) counts it.
      const adminToken = await accessToken(a);
      const before = await apiGet(adminToken, '/admin/analytics');
      assert.equal(before.status, 200);
      const today = before.body.ate;
      const pointBefore = before.body.pontos.find((p) => p.inicio === today);
      assert.ok(pointBefore.novosMembros >= 1 && pointBefore.membrosAtivos >= 1, `the member counts today: ${JSON.stringify(pointBefore)}`);
      const post = await fetch(`${cloud.url}/api/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await accessToken(m)}`, 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-post-${runId}` },
        body: JSON.stringify({ texto: `Primeira colheita de alface ${runId}` }),
      });
      assert.equal(post.status, 201, await post.text());
      await a.goto('/admin/analytics');
      await a.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
      await a.getByRole('heading', { name: 'Comentários' }).waitFor();
      await a.locator('.analytics-canvas canvas').first().waitFor();
      await shot(a, 'admin-analytics');
      await a.getByRole('button', { name: 'Ver tabela' }).click();
      const row = a.getByRole('table', { name: 'Atividade por dia' }).locator(`tr[data-inicio="${today}"]`);
      const cells = await row.getByRole('cell').allTextContents();
      // Novos membros, Membros ativos, Cultivos criados, Colheitas (kg), Posts, Comentários
      assert.equal(Number(cells[0]), pointBefore.novosMembros, `today's row: ${cells}`);
      assert.equal(Number(cells[4]), pointBefore.posts + 1, `today's row counts the member's post: ${cells}`);
      await shot(a, 'admin-analytics-tabela');
      await a.getByLabel('Agrupar por').selectOption('semana');
      await a.getByRole('table', { name: 'Atividade por semana' }).waitFor();
      await a.goto('/admin');
      const posts = a.getByRole('heading', { name: 'Posts na semana' }).locator('xpath=..');
      await posts.locator('.kpi-value').waitFor();
      assert.ok(Number((await posts.locator('.kpi-value').textContent()).replace(/\D/g, '')) >= 1);

      // A member never reaches the admin screens.
      assert.equal((await apiGet(await accessToken(m), '/admin/users?q=abc')).status, 403);
      assert.equal((await apiGet(await accessToken(m), '/admin/analytics')).status, 403);

      assert.deepEqual(admin.errors.map(String), [], 'uncaught errors in the admin page');
      assert.deepEqual(memberSession.errors.map(String), [], 'uncaught errors in the member page');
    } finally {
      await admin.close();
      await memberSession.close();
    }
  });
});
