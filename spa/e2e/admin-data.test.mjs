// /admin/dados in Chromium against the local cloud: the demo admin runs a dry run of a vegetable
// CSV with bad rows and sees each bad line and field (nothing written), imports a good file (the
// vegetable appears in /admin/vegetais), exports the members as CSV through the export job and
// downloads the file by its presigned link (header and the admin's own row). Screens are captured
// at 1280 and 360 px into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runId, shotBoth, signIn, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
// Vegetable names in the CSV are upper case.
const RUN = runId.toUpperCase();

/** The screen at 360 and 1280 px into VERDE_SHOTS (when set). */
const shot = (page, name) => shotBoth(page, name, { sideways: false });

const header = 'especie,sul,sudeste,nordeste,centro_oeste,norte,inicio_colheita_dias_apos_plantio,metodo\n';

describe('/admin/dados in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('dry run with bad rows, import, members exported as CSV and downloaded', async () => {
    await withSession(async (page) => {
      await signIn(page, cloud.admin);

      await page.goto('/admin/dados');
      await page.getByRole('heading', { level: 1, name: 'Dados' }).waitFor();
      await page.getByText('Nenhuma exportação ainda').waitFor();
      await shot(page, 'admin-dados-empty');

      // A dry run of a file with two bad rows: each line and field, nothing written.
      const nome = `Taioba ${RUN}`;
      const bad = header + `TAIOBA ${RUN},MAR./JUL.,*,*,*,*,60-80,muda\nCHUCHU ${RUN},XYZ.,*,*,*,*,90,muda\nMAXIXE ${RUN},*,*,*,*,*,sessenta,semente\n`;
      await page.getByLabel('Ou cole o conteúdo').fill(bad);
      await page.getByRole('button', { name: 'Validar (sem gravar)' }).click();
      const table = page.getByRole('table', { name: 'Linhas com erro' });
      await table.waitFor();
      const rows = table.getByRole('row');
      assert.equal(await rows.count(), 3); // header + 2
      assert.match(await rows.nth(1).innerText(), /^3\s+sul\s+Meses de semeadura inválidos/);
      assert.match(await rows.nth(2).innerText(), /^4\s+inicio_colheita_dias_apos_plantio\s+Informe os dias/);
      await page.getByText('Resultado da validação (nada foi gravado)').waitFor();
      await shot(page, 'admin-dados-dry-run');

      // The good file: validated, then imported.
      await page.getByLabel('Ou cole o conteúdo').fill(header + `TAIOBA ${RUN},MAR./JUL.,*,*,*,*,60-80,muda\n`);
      await page.getByRole('button', { name: 'Validar (sem gravar)' }).click();
      await page.getByText('1 vegetal novo').waitFor();
      await page.getByRole('button', { name: 'Importar', exact: true }).click();
      await page.getByText('Importação concluída').waitFor();
      await page.getByText('1 vegetal criado').waitFor();

      // Members as CSV, through the job; the download is a presigned URL of exports/.
      await page.getByLabel('Entidade').selectOption('membros');
      await page.getByLabel('Formato').selectOption('csv');
      await page.getByRole('button', { name: 'Exportar', exact: true }).click();
      const list = page.getByRole('list', { name: 'Exportações recentes' });
      const baixar = list.getByRole('button', { name: 'Baixar' }).first();
      await baixar.waitFor();
      await list.getByText('Pronto').first().waitFor();
      await shot(page, 'admin-dados-export');
      const [req] = await Promise.all([
        page.waitForRequest((r) => r.url().includes('/exports/') && r.url().includes('X-Amz-Signature')),
        baixar.click(),
      ]);
      assert.doesNotMatch(req.url(), /\/media\//);
      const file = await fetch(req.url());
      assert.equal(file.status, 200);
      const bytes = Buffer.from(await file.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the CSV starts with a UTF-8 BOM (Excel reads the accents right)');
      const text = bytes.subarray(3).toString('utf8');
      const lines = text.split('\r\n').join('\n').split('\n');
      assert.match(lines[0], /^id,nome,email,/);
      assert.ok(lines.some((l) => l.includes(cloud.admin.email)), `the demo admin (${cloud.admin.email}) is a row: ${text.slice(0, 600)}`);

      // The imported vegetable is in the catalogue.
      await page.goto('/admin/vegetais');
      await page.getByRole('heading', { level: 1, name: 'Vegetais' }).waitFor();
      await page.getByLabel('Buscar por nome').fill('taioba');
      await page.getByRole('list', { name: 'Vegetais do catálogo' }).getByRole('heading', { name: new RegExp(nome, 'i') }).waitFor();
    }, { viewport: { width: 1280, height: 800 } });
  });
});
