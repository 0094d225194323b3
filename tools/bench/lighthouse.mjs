// make bench, browser part: Lighthouse's mobile performance score for /login (signed out) and
// /dashboard (signed in) against the local cloud, which serves the SPA as CloudFront does
// (precompressed assets, the configuration in index.html). Debian's chromium (CHROMIUM_PATH, or
// /usr/bin/chromium) through chrome-launcher; nothing downloads a browser. Lighthouse's
// defaults: a mid-range phone, simulated slow 4G and 4× CPU slowdown. Each page runs RUNS times
// (default 3) and the median run is reported, with its LCP, FCP, TBT and the bytes it moved.
// Prints a JSON object on the last line for tools/bench to read; never fails on a score.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runs = Number(process.env.RUNS || 3);
// VERDE_ROOT: another checkout to measure (its spa/dist built), e.g. main for a before/after.
const root = resolve(process.env.VERDE_ROOT || new URL('../..', import.meta.url).pathname);
const { startLocalCloud } = await import(pathToFileURL(`${root}/spa/e2e/support/local-cloud.mjs`).href);

const cloud = await startLocalCloud();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const results = {};
try {
  const audit = async (path, extra = {}, before = async () => {}) => {
    const all = [];
    for (let i = 0; i < runs; i++) {
      await before();
      const { lhr } = await lighthouse(`${cloud.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...extra,
      });
      if (process.env.LHR_DIR) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(`${process.env.LHR_DIR}/${path.replaceAll('/', '_')}-${i}.json`, JSON.stringify(lhr));
      }
      all.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        bytes: Math.round(lhr.audits['total-byte-weight'].numericValue),
        finalUrl: lhr.finalDisplayedUrl,
      });
    }
    all.sort((a, b) => a.score - b.score);
    return { ...all[Math.floor(all.length / 2)], scores: all.map((r) => r.score) };
  };

  results['/login'] = await audit('/login');

  // Sign the demo admin in once in the same browser; Lighthouse then keeps its storage.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${cloud.url}/login`);
  await page.locator('input[type=email]').fill(cloud.admin.email);
  await page.locator('input[type=password]').fill(cloud.admin.password);
  await Promise.all([page.waitForNavigation({ timeout: 30_000 }).catch(() => {}), page.locator('button[type=submit]').click()]);
  await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 });
  // Lighthouse keeps the storage (the session) but the HTTP cache must go too: a first visit of
  // the day, not a warm reload.
  const cdp = await page.createCDPSession();
  const clearCache = () => cdp.send('Network.clearBrowserCache');
  results['/dashboard'] = await audit('/dashboard', { disableStorageReset: true }, clearCache);
  await page.close();
  await browser.disconnect();
  if (!results['/dashboard'].finalUrl.endsWith('/dashboard')) results['/dashboard'].note = 'not signed in';
} finally {
  await chrome.kill();
  await cloud.stop();
}
for (const [path, r] of Object.entries(results)) {
  console.error(
    `  ${path.padEnd(11)} performance ${r.score} (runs ${r.scores.join(', ')})  FCP ${r.fcpMs} ms  LCP ${r.lcpMs} ms  TBT ${r.tbtMs} ms  ${(r.bytes / 1000).toFixed(1)} kB moved${r.note ? `  (${r.note})` : ''}`,
  );
}
console.log(JSON.stringify(results));
