// The mutirão journey on a 360 px phone, in Chromium against the local cloud: a coordinator
// schedules a mutirão for today with one vaga; two members sign up (the second waits); the first
// gives up and the one waiting moves up; the coordinator records the hours; the report shows them
// and downloads as a CSV (UTF-8 with BOM).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createGroup, heading, joinGroup, people, register, runId, signIn, useLocalCloud, withSession } from './support/journey.mjs';

useLocalCloud();
const person = people('mutirao');
const phone = { width: 360, height: 740 };

/** Brasília's wall clock now. */
const brasilia = () => new Date(Date.now() - 3 * 3600_000);

/** Runs fn(page) in a fresh session on a 360 px phone. */
const onPhone = (fn) => withSession(fn, { viewport: phone });

describe('mutirões in Chromium against the local cloud', { timeout: 900_000 }, () => {
  test('schedule, two sign up, one gives up, the waiting one moves up, hours recorded, report and CSV', async () => {
    const coord = person('Cida Coordenadora', 1);
    const ana = person('Ana Primeira', 2);
    const bia = person('Bia Segunda', 3);
    const groupName = `Horta do Mutirão ${runId}`;
    let groupId;
    let mutiraoUrl;

    // Presence is recorded from the mutirão's day: it is today at 23:59 (Brasília), so the
    // sign-ups happen before it starts. Close to midnight, wait for the new day first.
    while (brasilia().getUTCHours() === 23 && brasilia().getUTCMinutes() >= 40) {
      await new Promise((r) => setTimeout(r, 15_000));
    }
    const today = brasilia().toISOString().slice(0, 10);

    await onPhone(async (page) => {
      await register(page, coord);
      groupId = await createGroup(page, groupName, { cidade: 'Recife', uf: 'PE' });

      await page.goto(`/grupos/${groupId}?aba=mutiroes`);
      await page.getByRole('heading', { name: 'Nenhum mutirão marcado' }).waitFor();
      await page.getByRole('button', { name: 'Novo mutirão' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo mutirão' });
      await dialog.getByLabel('Título').fill('Mutirão de plantio');
      await dialog.getByLabel('Data').fill(today);
      await dialog.getByLabel('Hora de início').fill('23:59');
      await dialog.getByLabel('Duração (horas)').fill('3');
      await dialog.getByLabel('Local').fill('Canteiros da praça');
      await dialog.getByLabel('Tarefa 1', { exact: true }).fill('Preparar canteiros');
      await dialog.getByLabel('Vagas', { exact: true }).fill('1');
      await dialog.getByRole('button', { name: 'Agendar mutirão' }).click();
      await heading(page, 'Mutirão de plantio');
      await page.getByText('Mutirão agendado.').waitFor();
      await page.getByText('0 de 1 vaga').first().waitFor();
      mutiraoUrl = new URL(page.url()).pathname;
    });

    // Ana takes the vaga; Bia waits.
    for (const [who, button, says] of [
      [ana, 'Quero ajudar em Preparar canteiros', 'Inscrição confirmada em Preparar canteiros.'],
      [bia, 'Entrar na lista de espera de Preparar canteiros', 'você entrou na lista de espera (1º)'],
    ]) {
      await onPhone(async (page) => {
        await register(page, who);
        await joinGroup(page, groupId);
        await page.goto(mutiraoUrl);
        await heading(page, 'Mutirão de plantio');
        await page.getByRole('button', { name: button }).click();
        await page.getByText(says, { exact: false }).waitFor();
      });
    }

    // Ana gives up: Bia moves up and is told.
    await onPhone(async (page) => {
      await signIn(page, ana);
      await page.goto(mutiraoUrl);
      await page.getByText('Você está confirmado em Preparar canteiros.').waitFor();
      await page.getByRole('button', { name: 'Desistir da vaga' }).click();
      await page.getByText('Você saiu do mutirão.').waitFor();
      await page.getByRole('button', { name: 'Quero ajudar em Preparar canteiros', exact: false }).or(page.getByRole('button', { name: 'Entrar na lista de espera de Preparar canteiros' })).waitFor();
    });
    await onPhone(async (page) => {
      await signIn(page, bia);
      await page.goto(mutiraoUrl);
      await page.getByText('Você está confirmado em Preparar canteiros.').waitFor();
      await page.goto('/notificacoes');
      await page.getByText('Abriu uma vaga: você está confirmado em Preparar canteiros no mutirão Mutirão de plantio').waitFor();
    });

    // The coordinator records Bia's hours, then the report shows them and downloads as CSV.
    await onPhone(async (page) => {
      await signIn(page, coord);
      await page.goto(mutiraoUrl);
      await page.getByRole('heading', { name: 'Presença e horas' }).waitFor();
      const row = page.getByRole('listitem').filter({ hasText: 'Bia Segunda' }).filter({ has: page.getByRole('checkbox') });
      await row.getByRole('checkbox', { name: 'Esteve presente' }).check();
      await row.getByLabel('Horas de Bia Segunda').fill('2.5');
      await row.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Presença de Bia Segunda salva: 2 h 30 min.').waitFor();

      await page.goto(`/grupos/${groupId}/relatorio`);
      await heading(page, `Relatório: ${groupName}`);
      await page.getByText('2,5 h', { exact: true }).waitFor();
      const members = page.getByRole('table', { name: 'Por membro' });
      await members.getByRole('row', { name: /Bia Segunda/ }).getByRole('cell', { name: '2,5' }).waitFor();
      await page.getByRole('table', { name: 'Mutirões realizados' }).getByRole('row', { name: /Mutirão de plantio/ }).waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar planilha (CSV)' }).click()]);
      assert.match(download.suggestedFilename(), /^relatorio-\d{4}-\d{2}-a-\d{4}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path());
      assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
      const text = csv.toString('utf8');
      assert.match(text, /Horas de trabalho voluntário;2\.5\r\n/);
      assert.match(text, /Bia Segunda;0;0;2\.5;0\r\n/);
      assert.match(text, /Mutirão de plantio;\d{2}\/\d{2}\/\d{4};1;1;2\.5\r\n/);
    });
  });
});
