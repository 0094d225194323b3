// Speed in a real browser: the page gets its configuration without a request, the assets come
// compressed, /login fetches the sign-in code into the cache when idle, at sign-in the signed-in
// screens' independent requests start together, and on a reload the dashboard draws from two
// requests (GET /api/me and GET /api/dashboard) that the preload script starts before the app runs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { answerTotp } from './support/totp.mjs';
import { submitSignIn, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();

describe('speed', { timeout: 300_000 }, () => {
  test('sign-in: no /config.json round trip, compressed assets, /api/me and the unread count in parallel', async () => {
    await withSession(async (page) => {
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
      // Once the page has loaded and the browser is idle, the sign-in actions and the signed-in
      // shell are fetched into the cache (rel=prefetch: downloaded, not run).
      await page.waitForFunction(() => document.querySelectorAll('link[rel=prefetch]').length > 0, null);
      const prefetched = await page.evaluate(() => [...document.querySelectorAll('link[rel=prefetch]')].map((l) => new URL(l.href).pathname));
      for (const chunk of ['/assets/actions-', '/assets/main-layout-', '/assets/dashboard-']) {
        assert.ok(prefetched.some((f) => f.startsWith(chunk)), `${chunk}* prefetched on /login: ${prefetched.join(', ')}`);
      }

      const meDone = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
      await submitSignIn(page, cloud.admin);
      // The demo admin has two-step verification: the app's code comes before the session.
      await answerTotp(page, cloud.admin.totpSecret);
      const me = await meDone;
      const meFinished = Date.now();
      await page.waitForURL('**/dashboard');
      const unread = requests.find((r) => r.url === '/api/notifications/unread-count');
      assert.ok(unread, 'the unread count is asked for');
      assert.ok(unread.at <= meFinished, 'the unread count starts before GET /api/me has answered');
      assert.equal(me.status(), 200);

      // A reload with the session: still no /config.json, and the dashboard draws. (First the
      // dashboard of the sign-in is done asking, so that none of its reads is counted below.)
      const settled = () =>
        page.waitForFunction(
          () => document.querySelector('#dash-conquistas') && ![...document.querySelectorAll('main [role=status]')].some((e) => /Carregando/.test(e.textContent ?? '')),
          null,
        );
      await settled();
      requests.length = 0;
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      assert.ok(!requests.some((r) => r.url === '/config.json'), 'no /config.json after a reload either');
      // Two API requests draw the page: the shell's GET /api/me and GET /api/dashboard, whose one
      // reply every card and the bell take their part of (app/routes/app/dashboard.tsx), each once.
      await settled();
      const api = requests.filter((r) => r.url.startsWith('/api/')).map((r) => r.url);
      assert.deepEqual(api.sort(), ['/api/dashboard', '/api/me'], `the dashboard's requests: ${api.join(', ')}`);
      // They (and GET /api/me) were started by the page's preload script before the app ran, and
      // the app took every one of them (lib/api-client.ts).
      // (After the app, which happens when both scripts come from the cache, it starts none.)
      const preload = await page.evaluate(() => window.__verdePreload);
      assert.ok(['early', 'late'].includes(preload), `the preload script ran: ${preload}`);
      console.log(`preload script: ${preload}`);
      if (preload === 'early') {
        const early = await page.evaluate(() => Object.keys(window.__verdeEarly.reads));
        assert.deepEqual(early, [], 'every read the preload script started was used by the app');
      }
    });
  });
});
