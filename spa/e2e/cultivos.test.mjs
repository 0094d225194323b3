// The cultivos journey in a real browser against the local cloud: a member who holds lote A1
// (and lives in SP) starts a cultivo of alface on it from the dashboard's "Plante agora",
// corrects its quantity, writes in its diary with a photo, moves it to "pronto para colheita" and
// records a 1.2 kg harvest; the cultivo, the group's Cultivos tab, the dashboard and the profile's
// points show it; a stranger gets the not-found page for its address. Screens are captured at 360
// and 1280 px into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jpegFile } from './support/images.mjs';
import { createGroup, heading, people, plantedAgo, recordColheita, register, runId, setHome, shot, signIn, useLocalCloud, visitScreens, withSession } from './support/journey.mjs';

useLocalCloud();
const person = people('cultivos');

describe('cultivos in Chromium against the local cloud', { timeout: 900_000 }, () => {
  test('from Plante agora to a 1.2 kg harvest on lote A1; a stranger gets not found', async () => {
    const grower = person('Helena Horta', 1);
    const stranger = person('Sérgio Estranho', 2);
    const groupName = `Horta do Bairro ${runId}`;
    let cultivoUrl;

    await withSession(async (page) => {
      await register(page, grower);

      // Where I grow: SP (Sudeste) picks the calendar.
      await setHome(page, 'SP', 'Campinas');

      // A group with lotes; A1 is mine.
      const groupId = await createGroup(page, groupName);
      await page.goto(`/grupos/${groupId}/lotes`);
      await page.getByRole('button', { name: 'Criar lotes' }).first().click();
      const bulk = page.getByRole('dialog', { name: 'Criar lotes' });
      await bulk.getByLabel('Área de cada lote (m²)').fill('6');
      await bulk.getByRole('button', { name: 'Criar lotes' }).click();
      await page.getByRole('button', { name: 'Lote A1, livre', exact: true }).click();
      const loteDialog = page.getByRole('dialog', { name: 'Lote A1' });
      await loteDialog.getByLabel('Atribuir a').selectOption({ label: `${grower.name} (você)` });
      await loteDialog.getByRole('button', { name: 'Atribuir' }).click();
      await page.getByText(`O lote A1 agora é de ${grower.name}.`).waitFor();

      // Dashboard: Plante agora suggests alface (verão) all year in the Sudeste.
      await page.goto('/dashboard');
      const plante = page.getByRole('region', { name: 'Plante agora' });
      await plante.getByText('na região Sudeste').waitFor();
      await page.getByRole('heading', { name: 'Nenhum cultivo ativo' }).waitFor();
      await shot(page, 'dashboard-vazio');
      // The card shows the best few; "Ver todas" opens the dialog with the whole month.
      await plante.getByRole('link', { name: /^Ver todas \(\d+\)$/ }).click();

      const create = page.getByRole('dialog', { name: 'Novo cultivo' });
      await create.getByRole('button', { name: 'Alface (verão)', exact: true }).click();
      await create.getByRole('button', { name: 'Alface (verão)', exact: true, pressed: true }).waitFor();
      await create.getByLabel('Onde').selectOption({ label: groupName });
      await create.getByLabel('Lote (opcional)').selectOption('A1');
      await create.getByLabel('Quantidade').fill('0');
      await create.getByRole('button', { name: 'Criar cultivo' }).click();
      await create.getByText('A quantidade deve ser maior que zero').waitFor();
      await create.getByLabel('Quantidade').fill('12');
      await shot(page, 'cultivo-novo');
      await create.getByRole('button', { name: 'Criar cultivo' }).click();
      await page.waitForURL(`**/grupos/${groupId}/cultivos/*`);
      cultivoUrl = new URL(page.url()).pathname;
      await heading(page, 'Alface (verão)');
      await page.getByText('Cultivo criado! +10 pontos.').waitFor();
      await page.getByText('Colheita em 50 dias').waitFor();

      // The responsible member corrects the quantity and adds a note.
      await page.getByRole('button', { name: 'Editar', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Editar cultivo de Alface (verão)' });
      await edit.getByLabel('Quantidade').fill('14');
      await edit.getByLabel('Notas').fill('Duas mudas a mais perto da torneira.');
      await edit.getByLabel('Data de plantio').fill(plantedAgo);
      await shot(page, 'cultivo-editar');
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Cultivo atualizado.').waitFor();
      await page.getByText('14 mudas', { exact: false }).first().waitFor();
      await page.getByText('Duas mudas a mais perto da torneira.').waitFor();

      // Diary entry with a photo (2 + 3 points), then phases up to "pronto para colheita".
      await page.getByRole('form', { name: 'Nova entrada no diário' }).getByLabel('Fotos (opcional)').setInputFiles(await jpegFile(page, 'alface-a1.jpg', 1200, 900, '#7fbf5f'));
      await page.getByRole('img', { name: 'Foto da entrada do diário' }).waitFor();
      await page.getByLabel('O que aconteceu?').fill('Primeira rega depois do transplante.');
      await page.getByRole('button', { name: 'Adicionar ao diário' }).click();
      await page.getByText('Entrada adicionada ao diário (+5 pontos).').waitFor();
      await page.getByRole('img', { name: 'Foto do diário: Primeira rega depois do transplante.' }).waitFor();
      // Seedlings start growing: no Germinando on their path.
      await page.getByRole('button', { name: 'Avançar para Florescendo' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Avançar para Germinando' }).count(), 0);
      for (const fase of ['Florescendo', 'Pronto para colheita']) {
        await page.getByRole('button', { name: `Avançar para ${fase}` }).click();
        await page.getByText(`Fase: ${fase}`, { exact: true }).first().waitFor();
      }
      await recordColheita(page, '1,2');
      await page.getByText('Colheita registrada (+50 pontos).').waitFor();
      const totals = page.getByRole('region', { name: 'Colheitas' });
      await totals.getByText('1,2 kg', { exact: true }).first().waitFor();
      await shot(page, 'cultivo-detalhe');

      // The lote grid counts the cultivo on A1.
      await page.goto(`/grupos/${groupId}/lotes`);
      await page.getByRole('button', { name: `Lote A1, ocupado por ${grower.name}, seu lote, 1 cultivo ativo`, exact: true }).waitFor();
      await shot(page, 'lotes');

      // The group's Cultivos tab, my list, the dashboard and my points.
      await page.goto(`/grupos/${groupId}?aba=cultivos`);
      await page.getByRole('article', { name: 'Alface (verão)' }).getByText('Pronto para colheita').waitFor();
      await shot(page, 'grupo-cultivos');
      await page.goto('/cultivos');
      await page.getByRole('article', { name: 'Alface (verão)' }).getByText('Lote A1').waitFor();
      await shot(page, 'cultivos');
      await page.goto('/dashboard');
      await page.getByRole('region', { name: 'Meus cultivos' }).getByRole('link', { name: 'Alface (verão)' }).waitFor();
      await shot(page, 'dashboard');
      // 20 (group) + 10 (cultivo) + 5 (diary with a photo) + 50 (harvest), and the bonuses of the
      // conquistas Fundador (20), Primeira Semente (10) and Primeira Colheita (20).
      await page.goto('/perfil');
      await page.getByText(/135 pontos/).first().waitFor();
      await shot(page, 'perfil');
    });

    // The same screens on a 360 px phone, without sideways scrolling.
    await withSession(
      async (page) => {
        await signIn(page, grower);
        await visitScreens(page, [
          ['/dashboard', 'dashboard'],
          ['/cultivos', 'cultivos'],
          [cultivoUrl, 'cultivo-detalhe'],
          ['/cultivos?novo=alface-verao', 'cultivo-novo'],
        ]);
      },
      { viewport: { width: 360, height: 740 } },
    );

    // A stranger gets the not-found page for the cultivo's address.
    await withSession(async (page) => {
      await register(page, stranger);
      await page.goto(cultivoUrl);
      await page.getByRole('heading', { level: 2, name: 'Cultivo não encontrado' }).waitFor();
      await shot(page, 'cultivo-nao-encontrado');
    });
  });
});
