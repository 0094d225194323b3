// The photos of a /feed as a phone downloads them: posts with photo-like pictures seeded through
// the API as the SPA sends them (resized to 1600 × 1200 JPEG, presigned PUT, post), then /feed
// scrolled to its end with every photo that the browser chose loaded. Shared by the browser test
// (e2e/photos.test.mjs) and make bench (tools/bench/photos.mjs).

// make bench's photos.mjs registers its member with the journeys' own step.
export { register } from './journey.mjs';

/**
 * count community posts, each with one photo-like 1600 × 1200 JPEG (smooth light, leaves and
 * sensor noise drawn on a canvas from a fixed seed: it compresses as a phone photo does, unlike a
 * flat test image), uploaded and posted as the SPA does it, from the signed-in page.
 */
export async function seedPhotoPosts(page, count) {
  return page.evaluate(async (count) => {
    const tokenKey = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    const auth = { Authorization: `Bearer ${localStorage.getItem(tokenKey)}` };
    let seed = 20261125;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const keys = [];
    for (let n = 0; n < count; n++) {
      const c = document.createElement('canvas');
      c.width = 1600;
      c.height = 1200;
      const ctx = c.getContext('2d');
      const sky = ctx.createLinearGradient(0, 0, 0, 1200);
      sky.addColorStop(0, `hsl(${190 + rand() * 30} 50% ${60 + rand() * 20}%)`);
      sky.addColorStop(1, `hsl(${90 + rand() * 40} 45% ${25 + rand() * 15}%)`);
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, 1600, 1200);
      for (let i = 0; i < 900; i++) {
        ctx.fillStyle = `hsla(${60 + rand() * 80} ${30 + rand() * 50}% ${15 + rand() * 45}% / ${0.25 + rand() * 0.6})`;
        ctx.beginPath();
        ctx.ellipse(rand() * 1600, 300 + rand() * 900, 8 + rand() * 70, 4 + rand() * 30, rand() * Math.PI, 0, Math.PI * 2);
        ctx.fill();
      }
      const img = ctx.getImageData(0, 0, 1600, 1200);
      for (let i = 0; i < img.data.length; i += 4) {
        const d = (rand() - 0.5) * 14;
        img.data[i] += d;
        img.data[i + 1] += d;
        img.data[i + 2] += d;
      }
      ctx.putImageData(img, 0, 0);
      const blob = await new Promise((r) => c.toBlob(r, 'image/jpeg', 0.85));
      const up = await fetch('/api/uploads', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ contentType: 'image/jpeg', size: blob.size, width: 1600, height: 1200, purpose: 'post' }),
      }).then((r) => r.json());
      const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body: blob });
      if (!put.ok) throw new Error(`PUT ${put.status}`);
      const post = await fetch('/api/posts', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ texto: `Foto ${n + 1} da horta`, fotos: [up.key] }),
      });
      if (post.status !== 201) throw new Error(`post ${post.status} ${await post.text()}`);
      keys.push((await post.json()).post.fotos[0]);
    }
    return keys;
  }, count);
}

/**
 * Opens /feed and scrolls it to the end, waiting at each step for the photos in view to load;
 * returns every /media response: its path and bytes.
 */
export async function feedPhotoBytes(page, expected) {
  const media = [];
  const onResponse = async (res) => {
    const path = new URL(res.url()).pathname;
    if (!path.startsWith('/media/')) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    media.push({ path, status: res.status(), bytes: body.length });
  };
  page.on('response', onResponse);
  await page.goto('/feed');
  await page.locator('.photo-strip img').first().waitFor();
  for (let step = 0; step < 60; step++) {
    await page.mouse.wheel(0, 500);
    await page.waitForFunction(() => [...document.querySelectorAll('.photo-strip img')].filter((i) => i.getBoundingClientRect().top < innerHeight).every((i) => i.complete && i.naturalWidth > 0));
    const done = await page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 2);
    if (done) break;
  }
  await page.waitForFunction((n) => [...document.querySelectorAll('.photo-strip img')].filter((i) => i.complete && i.naturalWidth > 0).length >= n, expected);
  page.off('response', onResponse);
  return media;
}
