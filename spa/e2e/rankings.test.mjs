// The rankings in a real browser against the local cloud: a member who created a
// group (20 points) sees herself first in the general and monthly rankings, with her row marked
// and her position; she opts out of the public rankings and still sees her own standing, while a
// second member no longer sees her; the "Meu grupo" and "Grupos" tabs answer too. Screens are
// captured at 360 and 1280 px into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGroup, people, register, runId, shot, signIn, useLocalCloud, visitScreens, withSession } from './support/journey.mjs';

useLocalCloud();
const person = people('rankings');

describe('rankings in Chromium against the local cloud', { timeout: 900_000 }, () => {
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
        await visitScreens(
          page,
          ['geral', 'mes', 'grupo', 'grupos'].map((aba) => [`/rankings?aba=${aba}`, `rankings-${aba}`]),
          { ready: () => page.getByRole('heading', { level: 1, name: 'Rankings' }).waitFor() },
        );
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
