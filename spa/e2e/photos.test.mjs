// Photos in a real browser against the local cloud: a member adds a diary entry with a photo (a
// real JPEG made in the test) and sees its processed variants on the cultivo; a text file renamed
// .jpg is refused in Portuguese; the member sets a profile photo on /perfil and sees it as the
// avatar. A 360 px phone's /feed of 10 photo posts requests only small variants. Screens are
// captured at 360 and 1280 px into VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jpegFile } from './support/images.mjs';
import { feedPhotoBytes, seedPhotoPosts } from './support/feed-photos.mjs';
import { createCultivo, createGroup, imagesLoaded, people, plantedAgo, register, runId, shot, signIn, useLocalCloud, visitScreens, withSession } from './support/journey.mjs';

// A variant as the server names it, and its width.
const variant = /^\/media\/fotos\/[^/]+\/[a-z]+\/[0-9a-f-]+\/(\d+)x\d+\.webp$/;

useLocalCloud();
const person = people('fotos');
const phone = { width: 360, height: 740 };

describe('photos in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('a diary entry with a photo shows it on the cultivo; a profile photo becomes the avatar', async () => {
    const user = person('Fátima Fotos');
    let cultivoUrl;
    let groupPath;
    await withSession(async (page) => {
      await register(page, user);

      // A personal cultivo.
      cultivoUrl = await createCultivo(page, { quantidade: 6, plantio: plantedAgo });

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
      await imagesLoaded(page, '.photo-strip img');
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
      const colheita = page.getByRole('dialog', { name: 'Registrar colheita' });
      await colheita.getByLabel('Quantidade').fill('1,2');
      await colheita.getByLabel('Foto da colheita (opcional)').setInputFiles(await jpegFile(page, 'colheita.jpg', 1200, 900, '#e67e22'));
      await colheita.getByRole('img', { name: 'Foto da colheita de Alface (verão)' }).waitFor();
      await shot(page, 'colheita-com-foto-dialogo');
      await colheita.getByRole('button', { name: 'Registrar colheita' }).click();
      await page.getByText('Colheita registrada (+50 pontos).').waitFor();
      const colheitaPhoto = page.getByRole('img', { name: /^Colheita de Alface \(verão\) em / });
      await colheitaPhoto.scrollIntoViewIfNeeded();
      await imagesLoaded(page, '.photo-strip img');
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
      const groupId = await createGroup(page, groupName, {
        beforeSubmit: async () => {
          await page.getByLabel('Foto de capa (opcional)').setInputFiles(await jpegFile(page, 'capa.jpg', 1600, 600, '#2e86c1'));
          await page.getByRole('img', { name: 'Foto de capa do grupo' }).waitFor();
          await shot(page, 'grupo-novo-capa');
        },
      });
      groupPath = `/grupos/${groupId}`;
      assert.equal(new URL(page.url()).pathname, groupPath);
      const cover = page.getByRole('img', { name: `Foto de capa do grupo ${groupName}` });
      await cover.waitFor();
      await imagesLoaded(page, 'img.group-cover');
      await shot(page, 'grupo-capa');
      // The public page shows the same cover, from its variants.
      await page.goto(`${groupPath}/publico`);
      const publicCover = page.getByRole('img', { name: `Foto de capa do grupo ${groupName}` });
      await publicCover.waitFor();
      assert.match(await publicCover.getAttribute('srcset'), /640x240\.webp 640w/);
      await imagesLoaded(page, 'img.group-cover');
      await shot(page, 'grupo-publico');
    });

    // The same screens on a 360 px phone, without sideways scrolling.
    await withSession(
      async (p) => {
        await signIn(p, user);
        // Lazy photos load once scrolled to: bring each into view before the full-page capture.
        const photosLoaded = async () => {
          for (const img of await p.locator('main img').all()) await img.scrollIntoViewIfNeeded();
          await imagesLoaded(p, 'main img');
          await p.evaluate(() => window.scrollTo(0, 0));
        };
        await visitScreens(
          p,
          [
            [cultivoUrl, 'cultivo-com-foto'],
            ['/perfil', 'perfil-com-foto'],
            [groupPath, 'grupo-capa'],
            [`${groupPath}/publico`, 'grupo-publico'],
          ],
          { ready: photosLoaded },
        );
        await p.goto('/perfil');
        await p.getByRole('button', { name: /Editar/ }).first().click();
        await p.getByRole('img', { name: 'Sua foto de perfil' }).waitFor();
        await shot(p, 'perfil-foto-form');
      },
      { viewport: phone },
    );
  });

  // A phone 360 px wide (2 device pixels per CSS pixel) opens a /feed of 10 photo posts: each photo
  // is a 280 × 210 slot, so it gets the 640 px variant (560 device pixels to fill), never the 1280
  // one nor an upload, and the whole feed's photos stay under 400 kB.
  test('/feed on a 360 px phone requests only small variants', async () => {
    await withSession(
      async (p) => {
        await register(p, person('Rita Rolagem'));
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
      },
      { viewport: phone, deviceScaleFactor: 2 },
    );
  });
});
