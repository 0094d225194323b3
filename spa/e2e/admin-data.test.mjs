// /admin/dados in Chromium against the local cloud (issue 14): the demo admin runs a dry run of
// a vegetable CSV with bad rows and sees each bad line and field (nothing written), imports a
// good file (the vegetable appears in /admin/vegetais), exports the members as CSV through the
// export job and downloads the file by its presigned link (header and the admin's own row).
// Screens are captured at 1280 and 360 px into VERDE_SHOTS (when set).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';
import { answerTotp } from './support/totp.mjs';

let cloud;
const runId = Date.now().toString(36).toUpperCase();
const shots = process.env.VERDE_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, `${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const header = 'especie,sul,sudeste,nordeste,centro_oeste,norte,inicio_colheita_dias_apos_plantio,metodo\n';

describe('/admin/dados in Chromium against the local cloud', { timeout: 600_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('dry run with bad rows, import, members exported as CSV and downloaded', async () => {
    const session = await openSession({ baseURL: cloud.url, viewport: { width: 1280, height: 800 } });
    const page = session.page;
    try {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(cloud.admin.email);
      await page.getByLabel('Senha', { exact: true }).fill(cloud.admin.password);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await answerTotp(page, cloud.admin.totpSecret);
      await page.waitForURL('**/dashboard');

      await page.goto('/admin/dados');
      await page.getByRole('heading', { level: 1, name: 'Dados' }).waitFor();
      await page.getByText('Nenhuma exportação ainda').waitFor();
      await shot(page, 'admin-dados-empty');

      // A dry run of a file with two bad rows: each line and field, nothing written.
      const nome = `Taioba ${runId}`;
      const bad = header + `TAIOBA ${runId},MAR./JUL.,*,*,*,*,60-80,muda\nCHUCHU ${runId},XYZ.,*,*,*,*,90,muda\nMAXIXE ${runId},*,*,*,*,*,sessenta,semente\n`;
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
      await page.getByLabel('Ou cole o conteúdo').fill(header + `TAIOBA ${runId},MAR./JUL.,*,*,*,*,60-80,muda\n`);
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
      await baixar.waitFor({ timeout: 30_000 });
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
    } finally {
      await session.close();
    }
  });
});
