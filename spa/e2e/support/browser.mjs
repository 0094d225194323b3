// Debian's chromium driven by playwright-core: no browser is ever downloaded. Each session gets a
// fresh profile directory, so no cookie or stored token leaks from one journey to the next.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The local Cognito TLS proxy uses a self-signed certificate made at its first start.
  '--ignore-certificate-errors',
];

/** A browser session: one persistent context with a brand-new user-data-dir. */
export async function openSession({ baseURL, viewport = { width: 1280, height: 800 }, javaScriptEnabled = true, deviceScaleFactor = 1 } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'verde-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: flags,
    ignoreHTTPSErrors: true,
    baseURL,
    viewport,
    deviceScaleFactor,
    locale: 'pt-BR',
    javaScriptEnabled,
  });
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
