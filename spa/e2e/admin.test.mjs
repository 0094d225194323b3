// The site admin's area in Chromium against the local cloud: the demo admin creates
// a banner (with its preview) that a new member sees on /dashboard, finds that member in
// /admin/usuarios by name, opens their page, adjusts their points with a reason (the member is
// notified, the ledger shows it), is told which rule is out of range and saves a rule in
// /admin/configuracoes, sees the member counted under Fundador in /admin/conquistas and changes its
// points there, and finds those writes in the audit log on /admin; the member's
// activity (new, active, a post) shows on today's row of /admin/analytics and in the KPIs. Screens are captured at 1280 and 360 px into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, people, register, runId, shotBoth, signIn, useLocalCloud, withSessions } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('admin');

/** The screen at 360 and 1280 px into VERDE_SHOTS (when set). */
const shot = (page, name) => shotBoth(page, name, { sideways: false });

describe('the admin area in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('banner seen by a member, member found, points adjusted with a reason, a rule changed', async () => {
    const member = person(`Quitéria Horta${runId}`);
    const titulo = `Mutirão de plantio ${runId}`;
    await withSessions(async (open) => {
      const a = await open({ viewport: { width: 1280, height: 800 } });
      const m = await open({ viewport: { width: 1280, height: 800 } });
      await register(m, member);

      // The admin creates a banner; the preview shows it as members will.
      await signIn(a, cloud.admin);
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
      const unread = await api(m, 'GET', '/notifications/unread-count');
      assert.equal(unread.status, 200);
      assert.ok(unread.body.count >= 1, `the member was notified: ${JSON.stringify(unread.body)}`);
      const me = await api(m, 'GET', '/me');
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
      const rules = await api(a, 'GET', '/admin/rules');
      assert.equal(rules.body.pontos.colheita, 60);
      await shot(a, 'admin-configuracoes');

      // /admin/conquistas: the member founds a group (Fundador), counted at once; the admin
      // changes Fundador's points there (a value out of range is refused under its field).
      const groupRes = await api(m, 'POST', '/groups', { nome: `Horta da Quitéria ${runId}`, cidade: 'Recife', uf: 'PE' });
      assert.equal(groupRes.status, 201, JSON.stringify(groupRes.body));
      const conquistasApi = await api(a, 'GET', '/admin/conquistas');
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
      const saved = await api(a, 'GET', '/admin/rules');
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
      const before = await api(a, 'GET', '/admin/analytics');
      assert.equal(before.status, 200);
      const today = before.body.ate;
      const pointBefore = before.body.pontos.find((p) => p.inicio === today);
      assert.ok(pointBefore.novosMembros >= 1 && pointBefore.membrosAtivos >= 1, `the member counts today: ${JSON.stringify(pointBefore)}`);
      const post = await api(m, 'POST', '/posts', { texto: `Primeira colheita de alface ${runId}` });
      assert.equal(post.status, 201, JSON.stringify(post.body));
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
      assert.equal((await api(m, 'GET', '/admin/users?q=abc')).status, 403);
      assert.equal((await api(m, 'GET', '/admin/analytics')).status, 403);
    });
  });
});
