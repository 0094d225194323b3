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
  // A Content-Security-Policy violation (the local site sends the template's CSP) is an error of
  // the session too: Chromium reports each as a console error "Refused to …", and the page's
  // securitypolicyviolation event is logged the same way for what the console leaves out.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  context.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && (/^CSP violation: /.test(text) || /^Refused to .*Content Security Policy/.test(text))) {
      errors.push(new Error(text));
    }
  });
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
