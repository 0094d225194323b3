// The installable app in a real browser against the local cloud: the web manifest (Portuguese,
// /dashboard, maskable icons) and the service worker, installable as Chromium itself judges it;
// then a member in the garden with no signal: the dashboard and the cultivo open with what was
// last seen and say "Sem conexão"; "Reguei hoje", a diary entry with a photo and a harvest wait
// in the queue; the network returns with two tabs open on the same queue, and each is created
// exactly once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, daysAgo, eventually, people, register, shotBoth, useLocalCloud, withSession } from './support/journey.mjs';
import { jpegFile } from './support/images.mjs';

useLocalCloud();
const person = people('offline');

/** Resolves once the copy of the reads kept on the device (lib/offline/persist.ts) holds every one of the query keys given. */
async function savedCopyHolds(page, keys) {
  const savedHashes = () =>
    page.evaluate(
      () =>
        new Promise((done) => {
          const open = indexedDB.open('verde-cache');
          open.onerror = () => done([]);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('consultas')) return db.close(), done([]);
            const all = db.transaction('consultas').objectStore('consultas').getAll();
            all.onsuccess = () => {
              db.close();
              done(all.result.flatMap((saved) => saved.state.queries.filter((q) => q.state.status === 'success').map((q) => q.queryHash)));
            };
            all.onerror = () => (db.close(), done([]));
          };
        }),
    );
  const wanted = keys.map((key) => JSON.stringify(key));
  await eventually(async () => {
    const hashes = await savedHashes();
    return wanted.every((hash) => hashes.includes(hash)) ? true : undefined;
  }, `the saved copy with ${wanted.join(', ')}`);
}

describe('the installable app, offline, in Chromium against the local cloud', () => {
  test('installable; dashboard and cultivo offline; three records queued, sent once from two tabs', async () => {
    await withSession(
      async (page) => {
        const context = page.context();
        await register(page, person('Olívia Offline'));

        // The manifest, as the browser reads it to install Verde.
        const href = await page.locator('link[rel="manifest"]').getAttribute('href');
        const manifest = await page.evaluate((href) => fetch(href).then((r) => r.json()), href);
        assert.equal(manifest.short_name, 'Verde');
        assert.equal(manifest.lang, 'pt-BR');
        assert.equal(manifest.start_url, '/dashboard');
        assert.equal(manifest.display, 'standalone');
        const sizes = (purpose) => manifest.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
        assert.deepEqual(sizes('any'), ['192x192', '512x512']);
        assert.deepEqual(sizes('maskable'), ['192x192', '512x512']);

        // A cultivo in the personal garden, already growing.
        const created = await api(page, 'POST', '/cultivos', {
          vegetalId: 'alface-verao',
          metodo: 'muda',
          quantidade: 4,
          unidade: 'mudas',
          dataPlantio: daysAgo(20),
          fase: 'crescendo',
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const cultivoId = created.body.cultivo?.id ?? created.body.id;
        assert.ok(cultivoId, JSON.stringify(created.body));

        // The worker registers once the page has loaded; the next load is the one it controls.
        await page.goto('/dashboard');
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        // Installable as Chromium decides it (manifest, icons, a worker controlling the page).
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
        await cdp.detach();

        // The member looks at the dashboard and the cultivo: both are kept on the device.
        const water = page.getByRole('button', { name: /^Reguei hoje: Alface/ });
        await water.waitFor();
        await savedCopyHolds(page, [['cultivos', 'dashboard']]);
        await page.goto(`/cultivos/${cultivoId}`);
        await page.getByRole('heading', { level: 1, name: 'Alface (verão)' }).waitFor();
        await savedCopyHolds(page, [
          ['cultivos', 'dashboard'],
          ['cultivos', 'detail', cultivoId],
          ['cultivos', 'detail', cultivoId, 'diario'],
        ]);

        // No signal: the app still opens, with the last data and the offline note.
        await context.setOffline(true);
        await page.goto('/dashboard');
        await page.getByText('Sem conexão.').waitFor();
        // The page keeps room at its foot for the bar: nothing at the end stays under it.
        const room = await page.evaluate(() => ({
          padding: parseFloat(getComputedStyle(document.body).paddingBottom),
          bar: document.querySelector('.device-bar').getBoundingClientRect().height,
        }));
        assert.ok(room.bar > 0 && room.padding >= room.bar, JSON.stringify(room));
        await water.click();
        await page.getByText('Na fila: será enviado quando a conexão voltar').waitFor();
        await page.getByText('1 registro aguardando conexão').waitFor();
        await shotBoth(page, 'offline-dashboard');

        // The cultivo opens from the copy too; a diary entry with a photo and a harvest wait.
        await page.goto(`/cultivos/${cultivoId}`);
        await page.getByRole('heading', { level: 1, name: 'Alface (verão)' }).waitFor();
        const diary = page.getByRole('form', { name: 'Nova entrada no diário' });
        await diary.getByLabel('Fotos (opcional)').setInputFiles(await jpegFile(page, 'alface-sem-sinal.jpg', 1200, 900, '#7fbf5f'));
        await page.getByText('Sem conexão: a foto fica neste aparelho', { exact: false }).waitFor();
        await diary.getByLabel('Tipo').selectOption('observacao');
        await diary.getByLabel('O que aconteceu?').fill('Folhas novas, escrito na horta sem sinal.');
        await diary.getByRole('button', { name: 'Adicionar ao diário' }).click();
        await page.getByText('2 registros aguardando conexão').waitFor();
        await page.getByRole('button', { name: 'Registrar colheita' }).click();
        const colheita = page.getByRole('dialog', { name: 'Registrar colheita' });
        await colheita.getByLabel('Quantidade').fill('0,8');
        await colheita.getByRole('button', { name: 'Registrar colheita' }).click();
        await page.getByText('3 registros aguardando conexão').waitFor();
        await page.getByRole('button', { name: 'Ver fila' }).click();
        const queue = page.getByRole('dialog', { name: 'Fila de envio' });
        await queue.getByText('Rega: Alface', { exact: false }).waitFor();
        assert.equal(await queue.getByText('Aguardando conexão').count(), 3);
        await queue.getByRole('button', { name: 'Fechar' }).click();

        // A second tab on the same device, same queue.
        const second = await context.newPage();
        const secondErrors = [];
        second.on('pageerror', (e) => secondErrors.push(e));
        await second.goto('/dashboard');
        await second.getByText('3 registros aguardando conexão').waitFor();

        // The signal returns: both tabs try to send; each record is created once, the queue empties.
        await context.setOffline(false);
        for (const tab of [page, second]) {
          await tab.getByText(/registros? aguardando/).waitFor({ state: 'detached' });
          await tab.getByText('Sem conexão.').waitFor({ state: 'detached' });
        }
        const diario = await api(page, 'GET', `/cultivos/${cultivoId}/diario`);
        assert.equal(diario.status, 200);
        const byTipo = (tipo) => diario.body.items.filter((e) => e.tipo === tipo);
        assert.equal(byTipo('rega').length, 1, JSON.stringify(diario.body.items));
        const notes = byTipo('observacao').filter((e) => e.texto === 'Folhas novas, escrito na horta sem sinal.');
        assert.equal(notes.length, 1, JSON.stringify(diario.body.items));
        assert.equal(notes[0].fotos?.length, 1, JSON.stringify(notes[0]));
        const colheitas = await api(page, 'GET', `/cultivos/${cultivoId}/colheitas`);
        assert.equal(colheitas.status, 200);
        assert.deepEqual(
          colheitas.body.items.map((c) => c.quantidade),
          [0.8],
          JSON.stringify(colheitas.body.items),
        );
        // What was sent shows on the page once the reads come back.
        await page.getByText('Folhas novas, escrito na horta sem sinal.').waitFor();
        await page.getByRole('link', { name: 'Enviar pelo WhatsApp' }).waitFor();
        await page.getByText('Sem conexão: o registro ficou na fila', { exact: false }).waitFor({ state: 'detached' });
        await shotBoth(page, 'offline-cultivo-enviado');
        assert.deepEqual(secondErrors.map(String), [], 'uncaught errors in the second tab');
        await second.close();
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});
