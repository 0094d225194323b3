// The catalogue in Chromium against the local cloud. Signed out: /hortalicas, filtered by
// Nordeste and dezembro, leads to coentro, its care (each line with its source) and its
// calendar. Signed in: "Plante agora" → "Ver todas" → a cultivo por muda of manjericão planted
// last week (it starts growing) with a diary entry of yesterday. axe-core finds no violation on
// /login, /dashboard, /feed, a cultivo, /hortalicas and an admin page. Screens at 360 and 1280 px
// go to VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectNoViolations } from './support/axe.mjs';
import { daysAgo, heading, people, register, setHome, shotBoth, signIn, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('catalogo');

/** The screen at 360 and 1280 px into VERDE_SHOTS (when set). */
const shot = (page, name) => shotBoth(page, name, { sideways: false });

describe('the catalogue in Chromium against the local cloud', { timeout: 900_000 }, () => {
  test('signed out: /hortalicas → Nordeste, dezembro → coentro, its care with sources and its calendar', async () => {
    await withSession(async (page) => {
      await page.goto('/login');
      await heading(page, 'Entrar na sua conta').catch(() => page.getByRole('heading', { name: 'Entrar na sua conta' }).waitFor());
      await expectNoViolations(assert, page, '/login');

      await page.goto('/hortalicas');
      await heading(page, 'Hortaliças');
      await page.getByRole('link', { name: 'Entrar' }).waitFor();
      await page.getByLabel('Região').selectOption('nordeste');
      await page.getByLabel('Mês de plantio').selectOption('12');
      await page.getByRole('heading', { level: 2, name: /O que plantar em dezembro no Nordeste/ }).waitFor();
      assert.match(page.url(), /regiao=nordeste/);
      assert.match(page.url(), /mes=12/);
      await page.getByRole('link', { name: 'Coentro', exact: true }).waitFor();
      await shot(page, 'hortalicas-nordeste-dezembro');
      await expectNoViolations(assert, page, '/hortalicas');

      // A regional name finds the plant (in any region and month: no source gives its calendar).
      await page.getByLabel('Região').selectOption('');
      await page.getByLabel('Mês de plantio').selectOption('');
      await page.getByLabel('Buscar', { exact: true }).fill('chicória-do-pará');
      await page.getByRole('link', { name: 'Coentro-de-caboclo' }).waitFor();
      await page.getByLabel('Buscar', { exact: true }).fill('');
      await page.getByLabel('Região').selectOption('nordeste');
      await page.getByLabel('Mês de plantio').selectOption('12');

      await page.getByRole('link', { name: 'Coentro', exact: true }).click();
      await heading(page, 'Coentro');
      await page.getByText('Coriandrum sativum L.').first().waitFor();
      // The region and its months in one name (the months are a visually hidden block: a space between).
      await page.getByRole('rowheader', { name: /^Nordeste\s*: o ano todo$/ }).waitFor();
      await page.getByText('Colheita de 50 a 60 dias após o plantio.').waitFor();
      const care = page.getByRole('region', { name: 'Como cultivar' });
      await care.getByText('desbaste a 8–10 cm entre plantas').waitFor();
      await care.getByText(/Catálogo Brasileiro de Hortaliças.*Embrapa Hortaliças \/ Sebrae, 2010\. ficha 21/).first().waitFor();
      await shot(page, 'hortalica-coentro');
      await expectNoViolations(assert, page, '/hortalicas/coentro');

      await page.goto('/guias');
      await heading(page, 'Guias');
      await shot(page, 'guias');
    });
  });

  test('signed in: Plante agora → Ver todas → manjericão por muda of last week, diary of yesterday', async () => {
    const grower = person('Nara Nordeste');
    await withSession(async (page) => {
      await register(page, grower);
      await setHome(page, 'BA', 'Salvador');

      await page.goto('/dashboard');
      const plante = page.getByRole('region', { name: 'Plante agora' });
      await plante.getByText('na região Nordeste').waitFor();
      const todas = plante.getByRole('link', { name: /^Ver todas \(\d+\)$/ });
      await todas.waitFor();
      await shot(page, 'dashboard-plante-agora');
      await expectNoViolations(assert, page, '/dashboard');
      await todas.click();

      const create = page.getByRole('dialog', { name: 'Novo cultivo' });
      await create.getByText(/Plante agora \(.+, Nordeste\): \d+ hortaliças/).waitFor();
      await create.getByLabel('Vegetal').selectOption('manjericao');
      await create.getByLabel('Método').selectOption('muda');
      await create.getByLabel('Quantidade').fill('6');
      await create.getByLabel('Data de plantio').fill(daysAgo(7));
      await create.getByRole('option', { name: 'Já plantei (crescendo)' }).waitFor({ state: 'attached' });
      await shot(page, 'novo-cultivo-muda');
      await create.getByRole('button', { name: 'Criar cultivo' }).click();
      await page.waitForURL('**/cultivos/*');
      await heading(page, 'Manjericão');
      const steps = page.getByRole('list', { name: 'Fases do cultivo' });
      await steps.getByText('Crescendo').waitFor();
      assert.equal(await steps.getByText('Germinando').count(), 0, 'a seedling never germinates');
      assert.equal(await steps.locator('[aria-current="step"]').textContent(), 'Crescendo');
      await page.getByText('Sem previsão de colheita na fonte').waitFor();

      // The Sobre card teaches, with the source.
      const sobre = page.getByRole('region', { name: 'Sobre Manjericão' });
      await sobre.getByText('Ocimum basilicum', { exact: true }).waitFor();
      await sobre.getByText(/Lamiáceas/).waitFor();

      // A diary entry of yesterday.
      const diary = page.getByRole('form', { name: 'Nova entrada no diário' });
      await diary.getByLabel('Quando').fill(daysAgo(1));
      await diary.getByLabel('O que aconteceu?').fill('Reguei de tarde.');
      await diary.getByRole('button', { name: 'Adicionar ao diário' }).click();
      await page.getByText(/Entrada adicionada ao diário/).waitFor();
      const [y, m, d] = daysAgo(1).split('-').map(Number);
      const meses = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];
      await page.getByText(`Rega · ${d} de ${meses[m - 1]} de ${y}`, { exact: false }).waitFor();
      await shot(page, 'cultivo-manjericao');
      await expectNoViolations(assert, page, 'a cultivo');

      await page.goto('/feed');
      await heading(page, 'Feed');
      await page.getByRole('form', { name: 'Novo post' }).waitFor();
      await expectNoViolations(assert, page, '/feed');

      await page.goto('/hortalicas');
      await heading(page, 'Hortaliças');
      await page.getByRole('link', { name: 'Coentro', exact: true }).waitFor();
      await shot(page, 'hortalicas-membro');
    });
  });

  test('an admin page has no axe violation', async () => {
    await withSession(async (page) => {
      await signIn(page, cloud.admin);
      await page.goto('/admin/dados');
      await page.getByRole('link', { name: 'Baixar arquivo de exemplo (CSV)' }).waitFor();
      await shot(page, 'admin-dados');
      await expectNoViolations(assert, page, '/admin/dados');
    });
  });
});
