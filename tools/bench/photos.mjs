// make bench, photos: the bytes of images a 360 px phone downloads for a /feed of 10 photo posts,
// at 2 and 3 device pixels per CSS pixel, in Debian's chromium against the local cloud. The posts
// are seeded as the SPA makes them (e2e/support/feed-photos.mjs). Prints a JSON array on its last
// line for tools/bench; never fails on a figure.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const root = resolve(process.env.VERDE_ROOT || new URL('../..', import.meta.url).pathname);
const { startLocalCloud } = await import(pathToFileURL(`${root}/spa/e2e/support/local-cloud.mjs`).href);
const { openSession } = await import(pathToFileURL(`${root}/spa/e2e/support/browser.mjs`).href);
const { feedPhotoBytes, register, seedPhotoPosts } = await import(pathToFileURL(`${root}/spa/e2e/support/feed-photos.mjs`).href);

const cloud = await startLocalCloud();
const out = [];
try {
  const runId = Date.now().toString(36);
  const user = { name: 'Bia Bench', email: `bench-feed-${runId}@exemplo.com`, password: 'segredo-123' };
  const seeder = await openSession({ baseURL: cloud.url });
  await register(seeder.page, user);
  const keys = await seedPhotoPosts(seeder.page, 10);
  await seeder.close();
  const dirs = keys.map((k) => `/media/${k.slice(0, k.lastIndexOf('/') + 1)}`);
  for (const dpr of [2, 3]) {
    const phone = await openSession({ baseURL: cloud.url, viewport: { width: 360, height: 740 }, deviceScaleFactor: dpr });
    try {
      await phone.page.goto('/login');
      await phone.page.getByLabel('Email', { exact: true }).fill(user.email);
      await phone.page.getByLabel('Senha', { exact: true }).fill(user.password);
      await phone.page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await phone.page.waitForURL('**/dashboard');
      const media = (await feedPhotoBytes(phone.page, 10)).filter((m) => dirs.some((d) => m.path.startsWith(d)));
      out.push({
        dpr,
        photos: media.length,
        bytes: media.reduce((n, m) => n + m.bytes, 0),
        widest: Math.max(...media.map((m) => Number(/\/(\d+)x\d+\.webp$/.exec(m.path)?.[1] ?? 0))),
      });
    } finally {
      await phone.close();
    }
  }
} finally {
  await cloud.stop();
}
console.log(JSON.stringify(out));
