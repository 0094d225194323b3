// Fair play in a real browser against the local cloud: a member records a harvest far beyond
// what one muda planted today gives; it waits "a confirmar", pays nothing and leaves the groups'
// ranking as it was. The group's dono confirms it on the cultivo's page; then the member's
// points, the group's place in the harvest ranking and the member's monthly league move, and
// both see it. The member's points history lists every row with its label, and the profile
// explains how points, confirmation and leagues work. Screens are captured at 360 and 1280 px
// into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createCultivo, createGroup, joinGroup, people, recordColheita, register, runId, shot, signIn, useLocalCloud, visitScreens, withSession } from './support/journey.mjs';

useLocalCloud();
const person = people('fairplay');

/** The group's standing in this month's harvest ranking, as the page says it. */
async function groupStanding(page) {
  await page.goto('/rankings?aba=grupos&periodo=mes');
  // The region's status once the ranking is read (the loader is a status too).
  const status = page.getByRole('region', { name: 'Ranking dos grupos por colheita' }).getByRole('status').filter({ hasNotText: 'Carregando' });
  await status.waitFor();
  return status.textContent();
}

describe('fair play in Chromium against the local cloud', { timeout: 900_000 }, () => {
  test('a coordinator confirms a member’s big harvest and both see the ranking move', async () => {
    const dona = person('Dona Justa', 1);
    const beto = person('Beto Colhedor', 2);
    const groupName = `Horta Justa ${runId}`;
    let groupId = '';
    let cultivoUrl = '';

    await withSession(async (page) => {
      await register(page, dona);
      groupId = await createGroup(page, groupName);
    });

    await withSession(async (page) => {
      await register(page, beto);
      await joinGroup(page, groupId);

      // One muda of alface, planted today, in the group.
      cultivoUrl = await createCultivo(page, { onde: groupName, quantidade: 1 });
      assert.ok(cultivoUrl.startsWith(`/grupos/${groupId}/cultivos/`), cultivoUrl);

      // 50 kg of it today: recorded, but a confirmar.
      await recordColheita(page, '50');
      await page.getByText(/Colheita registrada\. Colhida antes do tempo esperado/).waitFor();
      const colheitas = page.getByRole('region', { name: 'Colheitas' });
      await colheitas.getByText('A confirmar', { exact: true }).waitFor();
      await colheitas.getByText('Confirmações: 0 de 2 (ou a de um coordenador).').waitFor();
      assert.equal(await colheitas.getByRole('button', { name: 'Confirmar colheita' }).count(), 0, 'its author cannot confirm it');
      await shot(page, 'colheita-a-confirmar');

      assert.match(await groupStanding(page), /Seu grupo ainda não registrou colheitas em kg neste período\./);
      await page.goto('/perfil');
      await page.getByRole('region', { name: 'Histórico de pontos' }).getByText('Entrou em um grupo').waitFor();
      assert.equal(await page.getByRole('region', { name: 'Histórico de pontos' }).getByText('Colheita registrada').count(), 0, 'nothing paid yet');
    });

    // The dono confirms it on the cultivo's page, and sees her group ranked.
    await withSession(async (page) => {
      await signIn(page, dona);
      await page.goto(cultivoUrl);
      const colheitas = page.getByRole('region', { name: 'Colheitas' });
      await colheitas.getByText('A confirmar', { exact: true }).waitFor();
      await shot(page, 'colheita-confirmar');
      await colheitas.getByRole('button', { name: 'Confirmar colheita' }).click();
      await page.getByText('Colheita confirmada.').waitFor();
      await colheitas.getByText('A confirmar', { exact: true }).waitFor({ state: 'detached' });
      assert.match(await groupStanding(page), /Seu grupo está em \d+º lugar, com 50(,0+)? kg por membro ativo\./);
      await page.getByRole('list', { name: 'Grupos que mais colheram no mês' }).getByText(groupName).waitFor();
      await shot(page, 'rankings-grupos-confirmado');
    });

    // The member sees it too: paid once (the cultivo's first harvest), the group ranked, their league.
    await withSession(async (page) => {
      await signIn(page, beto);
      assert.match(await groupStanding(page), /com 50(,0+)? kg por membro ativo/);
      await page.goto('/perfil');
      const history = page.getByRole('region', { name: 'Histórico de pontos' });
      const row = history.getByRole('listitem').filter({ hasText: 'Colheita registrada' });
      await row.getByText('+50', { exact: true }).waitFor();
      await history.getByText('Conquista desbloqueada: Primeira Colheita').waitFor();
      await page.getByRole('heading', { name: 'Como funcionam os pontos' }).waitFor();
      await shot(page, 'perfil-pontos');

      await page.goto('/rankings?aba=liga');
      await page.getByRole('heading', { name: 'Série D · Liga 1' }).waitFor();
      const liga = page.getByRole('list', { name: 'Membros da Série D, liga 1' });
      const mine = liga.getByRole('listitem').filter({ hasText: 'Você' });
      assert.equal(await mine.getAttribute('aria-current'), 'true');
      await shot(page, 'rankings-liga');
    });

    // The same screens on a 360 px phone, without sideways scrolling.
    await withSession(
      async (page) => {
        await signIn(page, beto);
        await visitScreens(page, [
          [cultivoUrl, 'colheita-confirmada'],
          ['/perfil', 'perfil-pontos'],
          ['/rankings?aba=liga', 'rankings-liga'],
          ['/rankings?aba=grupos', 'rankings-grupos-confirmado'],
        ]);
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
