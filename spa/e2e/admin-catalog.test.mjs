// The site admin's catalogue in Chromium against the local cloud: the demo admin searches
// /admin/vegetais, is told which field is wrong, creates a vegetable, edits it, archives it
// (confirm dialog) and restores it; a member never sees the page. On /admin/guias the admin
// writes a guide for alface (with a preview) that a member sees on their alface cultivo. Screens
// are captured at 360 and 1280 px into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, people, register, runId, shot, signIn, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('guia');

describe('the admin catalogue in Chromium against the local cloud', { timeout: 600_000 }, () => {
  for (const width of [1280, 360]) {
    test(`/admin/vegetais at ${width} px: search, per-field errors, create, edit, archive and restore`, async () => {
      const nome = `Quiabo ${runId} ${width}`;
      await withSession(
        async (page) => {
          await signIn(page, cloud.admin);
          await page.goto('/admin/vegetais');
          await page.getByRole('heading', { level: 1, name: 'Vegetais' }).waitFor();
          const list = page.getByRole('list', { name: 'Vegetais do catálogo' });
          await list.getByRole('heading', { name: /Alface/ }).first().waitFor();
          await shot(page, 'admin-vegetais-lista', { fullPage: false });

          await page.getByLabel('Buscar por nome').fill('couve');
          // Each vegetable found names couve in its name or in a popular name the row shows.
          await page.waitForFunction(() => {
            const rows = [...document.querySelectorAll('.admin-row-title')];
            return rows.length > 0 && rows.every((h) => /couve/i.test(h.closest('li')?.textContent ?? h.textContent));
          });
          await page.getByLabel('Buscar por nome').fill('zzzz-nada');
          await page.getByText('Nenhum vegetal encontrado').waitFor();
          await shot(page, 'admin-vegetais-vazio', { fullPage: false });
          await page.getByLabel('Buscar por nome').fill('');

          // A new vegetable: the cycle wrong first, then right.
          await page.getByRole('button', { name: 'Novo vegetal' }).click();
          const dialog = page.getByRole('dialog', { name: 'Novo vegetal' });
          await dialog.getByLabel('Nome', { exact: true }).fill(nome);
          await dialog.getByLabel('Método').selectOption('semente');
          await dialog.getByLabel('Ciclo mínimo (dias)').fill('90');
          await dialog.getByLabel('Ciclo máximo (dias)').fill('60');
          await dialog.getByLabel('Sudeste: março').check();
          await dialog.getByLabel('Sudeste: abril').check();
          await dialog.getByRole('button', { name: 'Criar vegetal' }).click();
          await dialog.getByText('O ciclo máximo deve ser maior ou igual ao mínimo').waitFor();
          assert.equal(await dialog.getByLabel('Ciclo máximo (dias)').getAttribute('aria-invalid'), 'true');
          await shot(page, 'admin-vegetais-erro', { fullPage: false });
          await dialog.getByLabel('Ciclo máximo (dias)').fill('100');
          await dialog.getByRole('button', { name: 'Criar vegetal' }).click();
          await dialog.waitFor({ state: 'detached' });
          const row = list.getByRole('listitem').filter({ hasText: nome });
          await row.waitFor();

          // The API has it, with the calendar and the admin's fields.
          const id = (await row.locator('code').textContent()).trim();
          const res = await api(page, 'GET', `/admin/vegetables/${id}`);
          assert.equal(res.status, 200);
          const saved = res.body;
          assert.deepEqual(saved.semeadura.sudeste, [3, 4]);
          assert.equal(saved.diasColheitaMax, 100);

          // Edit.
          await row.getByRole('button', { name: `Editar ${nome}` }).click();
          const edit = page.getByRole('dialog', { name: `Editar ${nome}` });
          await edit.getByLabel('Cuidados').fill('Colher os frutos ainda novos.');
          await shot(page, 'admin-vegetais-editar', { fullPage: false });
          await edit.getByRole('button', { name: 'Salvar alterações' }).click();
          await edit.waitFor({ state: 'detached' });
          await page.getByText(`${nome} foi salvo.`, { exact: true }).first().waitFor();

          // Archive, with its confirmation, then restore.
          await row.getByRole('button', { name: `Arquivar ${nome}` }).click();
          const confirm = page.getByRole('dialog', { name: 'Arquivar vegetal' });
          await confirm.getByText(/deixará de ser oferecido/).waitFor();
          await shot(page, 'admin-vegetais-arquivar', { fullPage: false });
          await confirm.getByRole('button', { name: 'Arquivar' }).click();
          await confirm.waitFor({ state: 'detached' });
          await row.getByText('Arquivado', { exact: true }).waitFor();
          await shot(page, 'admin-vegetais-arquivado', { fullPage: false });
          await row.getByRole('button', { name: `Restaurar ${nome}` }).click();
          await page.getByRole('dialog', { name: 'Restaurar vegetal' }).getByRole('button', { name: 'Restaurar' }).click();
          await row.getByRole('button', { name: `Arquivar ${nome}` }).waitFor();
          assert.equal(await row.getByText('Arquivado', { exact: true }).count(), 0);
        },
        { viewport: { width, height: 800 } },
      );
    });
  }

  test('an admin writes a guide for alface; a member sees it, safely rendered, on their alface cultivo', async () => {
    const titulo = `Alface sem segredo ${runId}`;
    let guideId;
    await withSession(async (page) => {
      await signIn(page, cloud.admin);
      await page.goto('/admin/guias');
      await page.getByRole('heading', { level: 1, name: 'Guias' }).waitFor();
      await shot(page, 'admin-guias', { fullPage: false });
      await page.getByRole('button', { name: 'Novo guia' }).click();
      const form = page.getByRole('dialog', { name: 'Novo guia' });
      // Nothing filled: each field says what it needs, nothing is sent.
      await form.getByRole('button', { name: 'Criar guia' }).click();
      await form.getByText('Informe o título do guia').waitFor();
      await form.getByText('Escreva o texto do guia').waitFor();
      await form.getByText('Escolha ao menos um vegetal').waitFor();
      await form.getByLabel('Título').fill(titulo);
      await form
        .getByLabel('Texto (markdown)')
        .fill('## Plantio\n\nRegue **todo dia** pela manhã.\n\n- Colha as folhas de fora\n\n<script>window.__pwned = true</script><b>cru</b>');
      await form.getByLabel('Filtrar vegetais').fill('alface');
      await form.getByLabel('Alface (verão)', { exact: true }).check();
      // The preview renders as members will see it: markdown yes, raw HTML no.
      await form.getByRole('button', { name: 'Pré-visualizar' }).click();
      const preview = form.getByRole('region', { name: 'Pré-visualização do guia' });
      await preview.getByRole('heading', { name: 'Plantio' }).waitFor();
      assert.equal(await preview.locator('script, b').count(), 0, 'raw HTML is not rendered in the preview');
      await shot(page, 'admin-guias-novo', { fullPage: false });
      const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/guias') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Criar guia' }).click();
      const res = await created;
      assert.equal(res.status(), 201);
      guideId = (await res.json()).id;
      await page.getByText(`O guia "${titulo}" foi criado.`).first().waitFor();
      const row = page.getByRole('listitem').filter({ hasText: titulo });
      await row.getByText(/1 vegetal: Alface \(verão\)/).waitFor();
      await shot(page, 'admin-guias-lista', { fullPage: false });
    });
    for (const width of [1280, 360]) {
      const member = person('Marta Membro', width);
      await withSession(
        async (page) => {
          await register(page, member);
          const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
          const cultivo = await api(page, 'POST', '/cultivos', {
            vegetalId: 'alface-verao',
            metodo: 'muda',
            quantidade: 12,
            unidade: 'mudas',
            dataPlantio: today,
          });
          assert.equal(cultivo.status, 201, JSON.stringify(cultivo.body));
          await page.goto(`/cultivos/${cultivo.body.cultivo.id}`);
          const guide = page.getByRole('article', { name: titulo });
          await guide.waitFor();
          await guide.getByRole('heading', { name: 'Plantio' }).waitFor();
          assert.equal(await guide.locator('strong', { hasText: 'todo dia' }).count(), 1);
          assert.equal(await guide.locator('script, b').count(), 0, 'raw HTML is not rendered');
          assert.equal(await page.evaluate(() => window.__pwned ?? false), false);
          await guide.scrollIntoViewIfNeeded();
          await shot(page, 'cultivo-guia', { fullPage: false });
        },
        { viewport: { width, height: 800 } },
      );
    }
    assert.ok(guideId);
  });
});
