// The progress journey in a real browser against the local cloud: a new member starts
// a cultivo in their Horta pessoal and harvests for the first time; 'Primeira Colheita' unlocks in
// the harvest's own transaction: the bell counts its notification, /notificacoes lists it (unread
// first, with its icon, sentence and link), marking it read drops the badge at once, and /perfil
// shows the conquista earned (with its date) next to the locked ones with their progress. The
// member's public page is reached from their group's member list, without an e-mail. She posts in
// her group through the Mural, climbs into the monthly ranking (/rankings "Este mês" shows her row
// and position) and the dashboard shows all of it: the level card with her points, 'Primeira
// Colheita' in the recent conquistas, her position this month, her cultivo (with a diary entry
// written from its card), her group with her role and her group's post. A new member's dashboard
// shows the empty states that lead to the first steps. Screens are captured at 360 and 1280 px
// into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoSidewaysScroll, createCultivo, createGroup, people, plantedAgo, recordColheita, register, runId, shot, signIn, useLocalCloud, visitScreens, withSession } from './support/journey.mjs';

useLocalCloud();
const person = people('progress');

const unlocked = 'Você desbloqueou a conquista Primeira Colheita! +20 pontos';

/** A new member's dashboard: every card's empty state, each leading to a first step. */
async function dashboardOfANewMember(page) {
  await page.goto('/dashboard');
  const card = (name) => page.getByRole('region', { name, exact: true });
  await card('Meus grupos').getByRole('link', { name: 'Explorar Grupos' }).waitFor();
  await card('Meus grupos').getByRole('link', { name: 'Criar Grupo' }).waitFor();
  await card('Meus cultivos').getByRole('heading', { name: 'Nenhum cultivo ativo' }).waitFor();
  await card('Plante agora').getByText(/Informe sua UF/).waitFor();
  await card('Publicações dos meus grupos').getByRole('link', { name: 'Ir para o Feed' }).waitFor();
  await card('Meu ranking do mês').getByRole('heading', { name: 'Você ainda não está no ranking deste mês' }).waitFor();
  await card('Conquistas recentes').getByRole('heading', { name: 'Nenhuma conquista ainda' }).waitFor();
  await page.getByRole('heading', { name: 'Nível 1 · Semente' }).waitFor();
  await page.getByRole('progressbar', { name: 'Progresso até o nível 2' }).waitFor();
  assert.equal(await page.getByRole('alert').count(), 0, 'no card failed');
  await assertNoSidewaysScroll(page, '/dashboard');
}

describe('progress in Chromium against the local cloud', { timeout: 900_000 }, () => {
  test('a first harvest unlocks Primeira Colheita: notification, badge, /perfil; public page from the member list', async () => {
    const grower = person('Rosa Primeira', 1);
    let memberUrl;

    await withSession(async (page) => {
      await register(page, grower);
      // A new member's dashboard: the empty states and their first steps.
      await dashboardOfANewMember(page);
      await shot(page, 'dashboard-novo');
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
      const cultivoPath = await createCultivo(page, { quantidade: 12, plantio: plantedAgo });
      await recordColheita(page, '1,2');
      await page.getByText('Colheita registrada (+50 pontos).').waitFor();

      // The bell counts Primeira Semente and Primeira Colheita, without waiting for its poll: the
      // waits below stay under the poll's 20 s (unreadCountRefreshMs), so the badge that moves
      // within them was moved by the write, on a busy machine as on a quiet one.
      const beforeThePoll = { timeout: 15_000 };
      await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"]')?.textContent === '2', null, beforeThePoll);

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
      await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"]')?.textContent === '1', null, beforeThePoll);
      assert.equal(await items.nth(0).getByRole('button', { name: 'Marcar como lida' }).count(), 0);
      await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="unread-badge"]'), null, beforeThePoll);
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
      const groupId = await createGroup(page, `Horta Progresso ${runId}`, { cidade: 'Recife', uf: 'PE' });
      await page.goto(`/grupos/${groupId}?aba=membros`);
      await page.getByRole('link', { name: grower.name }).click();
      await page.waitForURL('**/membros/*');
      memberUrl = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: grower.name }).waitFor();
      await page.locator('[data-codigo="fundador"]').getByText(/Conquistada em/).waitFor();
      // (The account menu and the e-mail banner show the signed-in user's own e-mail; the page never.)
      assert.equal(await page.locator('.page-grid').getByText(grower.email).count(), 0, 'no e-mail on a public page');
      await shot(page, 'membro');

      // A post in her group, through the Mural's composer.
      const postText = `Primeira alface colhida na Horta Progresso ${runId}!`;
      await page.goto(`/grupos/${groupId}?aba=mural`);
      const composer = page.getByRole('form', { name: 'Novo post' });
      await composer.getByLabel('O que está acontecendo na sua horta?').fill(postText);
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByText(/Post publicado/).waitFor();

      // She climbs into the monthly ranking: "Este mês" shows her row (marked as hers) and position.
      await page.goto('/rankings?aba=mes');
      const monthly = page.getByRole('region', { name: 'Ranking do mês' });
      const standingText = await monthly.getByRole('status').filter({ hasText: 'Você está em' }).textContent();
      const m = /Você está em (\d+)º lugar, com (\d+) pontos\./.exec(standingText ?? '');
      assert.ok(m, `her standing this month: ${standingText}`);
      const [position, points] = [Number(m[1]), Number(m[2])];
      // 90 so far, 20 for the group and 20 for Fundador, and the post's points.
      assert.ok(points > 130, `points this month: ${points}`);
      const row = monthly.getByRole('list', { name: 'Os 50 primeiros do mês' }).locator('li[aria-current="true"]');
      await row.getByRole('link', { name: grower.name }).waitFor();
      await row.getByText(`${position}º`, { exact: true }).waitFor();
      await row.getByText(`${points} pontos`).waitFor();
      await shot(page, 'rankings-mes');

      // The dashboard shows all of it.
      await page.goto('/dashboard');
      const card = (name) => page.getByRole('region', { name, exact: true });
      await page.getByRole('region', { name: /^Nível \d+ · / }).getByText(`${points} pontos`, { exact: true }).waitFor();
      const recent = card('Conquistas recentes');
      // Earned today, with its date.
      const today = await page.evaluate(() => new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date()));
      assert.equal(await recent.getByRole('listitem').filter({ hasText: 'Primeira Colheita' }).locator('time').textContent(), today);
      await recent.getByRole('link', { name: /Ver todas/ }).waitFor();
      await card('Meu ranking do mês').getByText(`${position}º lugar`, { exact: true }).waitFor();
      await card('Meu ranking do mês').getByText(new RegExp(`^${points} pontos em `)).waitFor();
      await card('Meus cultivos').getByRole('link', { name: 'Alface (verão)' }).waitFor();
      const myGroup = card('Meus grupos').getByRole('listitem').filter({ hasText: `Horta Progresso ${runId}` });
      await myGroup.getByText('Dono').waitFor();
      assert.equal(await myGroup.getByRole('link').getAttribute('href'), `/grupos/${groupId}`);
      const recentPost = card('Publicações dos meus grupos').getByRole('article', { name: `Publicação de ${grower.name}` });
      await recentPost.getByText(postText).waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, 'no card failed');
      await shot(page, 'dashboard');

      // A diary entry from the cultivo's card, with the diary form, without leaving the dashboard.
      await card('Meus cultivos').getByRole('button', { name: 'Escrever no diário de Alface (verão)' }).click();
      const diary = page.getByRole('dialog', { name: 'Diário de Alface (verão)' });
      await diary.getByLabel('Tipo').selectOption('adubacao');
      await diary.getByLabel('O que aconteceu?').fill('Húmus de minhoca nas mudas.');
      await diary.getByRole('button', { name: 'Adicionar ao diário' }).click();
      await diary.waitFor({ state: 'detached' });
      const saved = await card('Meus cultivos').getByText(/^Entrada salva no diário/).textContent();
      const gained = Number(/\+(\d+) pontos/.exec(saved ?? '')?.[1] ?? 0);
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      // The level card and the position card follow the new points.
      await page.getByRole('region', { name: /^Nível \d+ · / }).getByText(`${points + gained} pontos`, { exact: true }).waitFor();
      await card('Meu ranking do mês').getByText(new RegExp(`^${points + gained} pontos em `)).waitFor();
      await page.goto(cultivoPath);
      await page.getByText('Húmus de minhoca nas mudas.').waitFor();
    });

    // Another member opens the same public page; then the screens on a 360 px phone.
    await withSession(
      async (page) => {
        await register(page, person('Vizinho Curioso', 2));
        await dashboardOfANewMember(page);
        await shot(page, 'dashboard-novo');
        await visitScreens(page, [
          [memberUrl, 'membro'],
          ['/notificacoes', 'notificacoes-vizinho'],
        ]);
        await page.goto(memberUrl);
        await page.locator('[data-codigo="primeira-colheita"]').getByText(/Conquistada em/).waitFor();
        assert.equal(await page.getByText(grower.email).count(), 0, "another member never sees the grower's e-mail");
      },
      { viewport: { width: 360, height: 740 } },
    );
    await withSession(
      async (page) => {
        await signIn(page, grower);
        await visitScreens(page, [
          ['/perfil', 'perfil'],
          ['/notificacoes', 'notificacoes-lidas'],
          ['/rankings?aba=mes', 'rankings-mes'],
          ['/dashboard', 'dashboard'],
        ]);
        // On the phone the dashboard's cards stand one under the other, in order, all filled.
        const headings = await page.locator('.page-grid > section > h2').allTextContents();
        assert.deepEqual(headings.slice(-7), [
          'Meu ranking do mês',
          'Meus cultivos',
          'Plante agora',
          'Minha escala',
          'Meus grupos',
          'Conquistas recentes',
          'Publicações dos meus grupos',
        ]);
        await page.getByRole('region', { name: 'Publicações dos meus grupos' }).getByRole('article').first().waitFor();
        assert.equal(await page.getByRole('alert').count(), 0, 'no card failed');
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
