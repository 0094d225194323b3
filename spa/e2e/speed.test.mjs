// Issue 8 in a real browser: the page gets its configuration without a request, the assets come
// compressed, and at sign-in the signed-in screens' independent requests start together.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalCloud } from './support/local-cloud.mjs';
import { openSession } from './support/browser.mjs';

let cloud;

describe('speed', { timeout: 300_000 }, () => {
  before(async () => {
    cloud = await startLocalCloud();
  });

  after(async () => {
    await cloud?.stop();
  });

  test('sign-in: no /config.json round trip, compressed assets, /api/me and the unread count in parallel', async () => {
    const session = await openSession({ baseURL: cloud.url });
    const { page } = session;
    try {
      const requests = [];
      const assetEncodings = new Map();
      page.on('request', (r) => requests.push({ url: new URL(r.url()).pathname, at: Date.now(), request: r }));
      page.on('response', async (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/assets/') && path.endsWith('.js')) assetEncodings.set(path, (await r.allHeaders())['content-encoding'] ?? '');
      });

      await page.goto('/login');
      await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
      assert.ok(!requests.some((r) => r.url === '/config.json'), 'the configuration comes inside index.html');
      const big = [...assetEncodings.entries()].filter(([path]) => path.includes('/index-'));
      assert.ok(big.length === 1 && ['br', 'gzip'].includes(big[0][1]), `entry chunk encoding: ${JSON.stringify(big)}`);

      await page.getByLabel('Email', { exact: true }).fill(cloud.admin.email);
      await page.getByLabel('Senha', { exact: true }).fill(cloud.admin.password);
      const meDone = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      const me = await meDone;
      const meFinished = Date.now();
      await page.waitForURL('**/dashboard');
      const unread = requests.find((r) => r.url === '/api/notifications/unread-count');
      assert.ok(unread, 'the unread count is asked for');
      assert.ok(unread.at <= meFinished, 'the unread count starts before GET /api/me has answered');
      assert.equal(me.status(), 200);

      // A reload with the session: still no /config.json, and the dashboard draws.
      requests.length = 0;
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      assert.ok(!requests.some((r) => r.url === '/config.json'), 'no /config.json after a reload either');
      assert.deepEqual(session.errors.map(String), []);
    } finally {
      await session.close();
    }
  });
});
