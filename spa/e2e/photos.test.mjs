// Photos in a real browser against the local cloud: a member adds a diary entry with a photo (a
// real JPEG made in the test) and sees its processed variants on the cultivo; a text file renamed
// .jpg is refused in Portuguese; the member sets a profile photo on /perfil and sees it as the
// avatar. A 360 px phone's /feed of 10 photo posts requests only small variants. Screens are
// captured at 360 and 1280 px into VERDE_SHOTS (when set).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';
import { jpegFile } from './support/images.mjs';
import { feedPhotoBytes, register, seedPhotoPosts } from './support/feed-photos.mjs';

// A variant as the server names it, and its width.
const variant = /^\/media\/fotos\/[^/]+\/[a-z]+\/[0-9a-f-]+\/(\d+)x\d+\.webp$/;

// Planted two months ago: a harvest today is within what the vegetable gives (store/colheitas.go).
const plantedAgo = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
let cloud;
const runId = Date.now().toString(36);
const shots = process.env.VERDE_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

async function shot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}-${page.viewportSize().width}.png`), fullPage: true });
}

describe('photos in Chromium against the local cloud', { timeout: 600_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('a diary entry with a photo shows it on the cultivo; a profile photo becomes the avatar', async () => {
    const user = { name: 'Fátima Fotos', email: `e2e-fotos-${runId}@exemplo.com`, password: 'segredo-123' };
    let cultivoUrl;
    let groupPath;
    const session = await openSession({ baseURL: cloud.url });
    const page = session.page;
    try {
      await register(page, user);

      // A personal cultivo.
      await page.goto('/cultivos?novo=alface-verao');
      const create = page.getByRole('dialog', { name: 'Novo cultivo' });
      await create.getByLabel('Quantidade').fill('6');
      await create.getByLabel('Data de plantio').fill(plantedAgo);
      await create.getByRole('button', { name: 'Criar cultivo' }).click();
      await page.getByText('Cultivo criado! +10 pontos.').waitFor();
      cultivoUrl = new URL(page.url()).pathname;

      // A text file named .jpg is refused in Portuguese, nothing is sent.
      const picker = page.getByRole('form', { name: 'Nova entrada no diário' }).getByLabel('Fotos (opcional)');
      await picker.setInputFiles({ name: 'nao-e-foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('isto é texto, não uma foto') });
      await page.getByText('Não foi possível ler esta imagem. Escolha uma foto JPEG, PNG ou WebP.').waitFor();

      // A real photo (2400×1800: resized to 1600 px before upload).
      const photo = await jpegFile(page, 'alface.jpg', 2400, 1800, '#7fbf5f');
      const puts = [];
      const presigns = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT') puts.push(r);
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/uploads') presigns.push(r.postDataJSON());
      });
      await picker.setInputFiles(photo);
      await page.getByRole('img', { name: 'Foto da entrada do diário' }).waitFor();
      assert.equal(puts.length, 1, 'one PUT to the presigned URL');
      assert.match(puts[0].url(), /\/quarantine\/.*X-Amz-Signature=/, 'a presigned PUT to the quarantine');
      assert.equal(presigns[0].width, 1600, 'resized to at most 1600 px');
      assert.equal(presigns[0].height, 1200);
      await page.getByLabel('O que aconteceu?').fill('As primeiras folhas apareceram.');
      await shot(page, 'diario-com-foto-form');
      await page.getByRole('button', { name: 'Adicionar ao diário' }).click();
      await page.getByText('Entrada adicionada ao diário (+5 pontos).').waitFor();
      const shown = page.getByRole('img', { name: 'Foto do diário: As primeiras folhas apareceram.' });
      await shown.waitFor();
      await shown.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('.photo-strip img')].every((i) => i.complete && i.naturalWidth > 0));
      assert.equal(await shown.getAttribute('loading'), 'lazy');
      assert.match(await shown.getAttribute('src'), variant);
      assert.equal(await shown.getAttribute('width'), '280');
      assert.equal(await shown.getAttribute('height'), '210');
      assert.match(await shown.getAttribute('srcset'), /160x120\.webp 160w, .*1280x960\.webp 1280w$/);
      const media = await page.request.get(await shown.getAttribute('src'));
      assert.equal(media.status(), 200);
      assert.equal(media.headers()['content-type'], 'image/webp');
      assert.match(media.headers()['cache-control'] ?? '', /max-age=31536000/);

      // A harvest with its photo.
      await page.getByRole('button', { name: 'Registrar colheita' }).click();
      const harvest = page.getByRole('dialog', { name: 'Registrar colheita' });
      await harvest.getByLabel('Quantidade').fill('1,2');
      await harvest.getByLabel('Foto da colheita (opcional)').setInputFiles(await jpegFile(page, 'colheita.jpg', 1200, 900, '#e67e22'));
      await harvest.getByRole('img', { name: 'Foto da colheita de Alface (verão)' }).waitFor();
      await shot(page, 'colheita-com-foto-dialogo');
      await harvest.getByRole('button', { name: 'Registrar colheita' }).click();
      await page.getByText('Colheita registrada (+50 pontos).').waitFor();
      const harvestPhoto = page.getByRole('img', { name: /^Colheita de Alface \(verão\) em / });
      await harvestPhoto.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('.photo-strip img')].every((i) => i.complete && i.naturalWidth > 0));
      await shot(page, 'cultivo-com-foto');

      // The profile photo.
      await page.goto('/perfil');
      await page.getByRole('button', { name: /Editar/ }).first().click();
      await page.getByLabel('Foto do perfil').setInputFiles(await jpegFile(page, 'eu.jpg', 400, 400, '#c0392b'));
      await page.getByRole('img', { name: 'Sua foto de perfil' }).waitFor();
      await shot(page, 'perfil-foto-form');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByRole('button', { name: /Editar/ }).first().waitFor();
      const avatar = page.locator('.profile-identity img.avatar');
      await avatar.waitFor();
      assert.match(await avatar.getAttribute('src'), variant);
      await page.reload();
      await page.locator('.profile-identity img.avatar').waitFor();
      await shot(page, 'perfil-com-foto');

      // A group with a cover photo, shown on the group's page.
      const groupName = `Horta com Capa ${runId}`;
      await page.goto('/grupos/novo');
      await page.getByLabel('Nome do grupo').fill(groupName);
      await page.getByLabel('Cidade').fill('Campinas');
      await page.getByLabel('UF').selectOption('SP');
      await page.getByLabel('Foto de capa (opcional)').setInputFiles(await jpegFile(page, 'capa.jpg', 1600, 600, '#2e86c1'));
      await page.getByRole('img', { name: 'Foto de capa do grupo' }).waitFor();
      await shot(page, 'grupo-novo-capa');
      await page.getByRole('button', { name: 'Criar grupo' }).click();
      await page.getByRole('heading', { level: 1, name: groupName, exact: true }).waitFor();
      groupPath = new URL(page.url()).pathname;
      const cover = page.getByRole('img', { name: `Foto de capa do grupo ${groupName}` });
      await cover.waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('img.group-cover')].every((i) => i.complete && i.naturalWidth > 0));
      await shot(page, 'grupo-capa');
      // The public page shows the same cover, from its variants.
      await page.goto(`${groupPath}/publico`);
      const publicCover = page.getByRole('img', { name: `Foto de capa do grupo ${groupName}` });
      await publicCover.waitFor();
      assert.match(await publicCover.getAttribute('srcset'), /640x240\.webp 640w/);
      await page.waitForFunction(() => [...document.querySelectorAll('img.group-cover')].every((i) => i.complete && i.naturalWidth > 0));
      await shot(page, 'grupo-publico');
      assert.deepEqual(session.errors.map(String), [], 'uncaught errors in the page');
    } finally {
      await session.close();
    }

    // The same screens on a 360 px phone, without sideways scrolling.
    const phone = await openSession({ baseURL: cloud.url, viewport: { width: 360, height: 740 } });
    try {
      const p = phone.page;
      await p.goto('/login');
      await p.getByLabel('Email', { exact: true }).fill(user.email);
      await p.getByLabel('Senha', { exact: true }).fill(user.password);
      await p.getByRole('button', { name: 'Entrar', exact: true }).click();
      await p.waitForURL('**/dashboard');
      for (const [path, name] of [
        [cultivoUrl, 'cultivo-com-foto'],
        ['/perfil', 'perfil-com-foto'],
        [groupPath, 'grupo-capa'],
        [`${groupPath}/publico`, 'grupo-publico'],
      ]) {
        await p.goto(path);
        await p.getByRole('heading', { level: 1 }).first().waitFor();
        await p.waitForLoadState('networkidle');
        // Lazy photos load once scrolled to: bring each into view before the full-page capture.
        for (const img of await p.locator('main img').all()) await img.scrollIntoViewIfNeeded();
        await p.waitForFunction(() => [...document.querySelectorAll('main img')].every((i) => i.complete && i.naturalWidth > 0));
        await p.evaluate(() => window.scrollTo(0, 0));
        assert.equal(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `no sideways scroll on ${path}`);
        await shot(p, name);
      }
      await p.goto('/perfil');
      await p.getByRole('button', { name: /Editar/ }).first().click();
      await p.getByRole('img', { name: 'Sua foto de perfil' }).waitFor();
      await shot(p, 'perfil-foto-form');
    } finally {
      await phone.close();
    }
  });

  // A phone 360 px wide (2 device pixels per CSS pixel) opens a /feed of 10 photo posts: each photo
  // is a 280 × 210 slot, so it gets the 640 px variant (560 device pixels to fill), never the 1280
  // one nor an upload, and the whole feed's photos stay under 400 kB.
  test('/feed on a 360 px phone requests only small variants', async () => {
    const phone = await openSession({ baseURL: cloud.url, viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    try {
      const p = phone.page;
      await register(p, { name: 'Rita Rolagem', email: `e2e-feed-fotos-${runId}@exemplo.com`, password: 'segredo-123' });
      const keys = await seedPhotoPosts(p, 10);
      const media = await feedPhotoBytes(p, 10);
      const mine = media.filter((m) => keys.some((k) => m.path.startsWith(`/media/${k.slice(0, k.lastIndexOf('/') + 1)}`)));
      assert.equal(new Set(mine.map((m) => m.path.split('/')[5])).size, 10, `one variant of each of the 10 photos: ${mine.map((m) => m.path)}`);
      for (const m of media) {
        const w = variant.exec(m.path);
        assert.ok(w, `${m.path} is a processed variant`);
        assert.ok(Number(w[1]) <= 640, `${m.path}: at most the 640 px variant for a 280 px slot at 2×`);
        assert.equal(m.status, 200);
      }
      const total = mine.reduce((n, m) => n + m.bytes, 0);
      assert.ok(total <= 400_000, `10 photos moved ${total} bytes, over 400 kB`);
      await p.evaluate(() => window.scrollTo(0, 0));
      await shot(p, 'feed-fotos');
      assert.deepEqual(phone.errors.map(String), [], 'uncaught errors in the page');
    } finally {
      await phone.close();
    }
  });
});
