// Debian's chromium driven by playwright-core: no browser is ever downloaded. Each session gets a
// fresh profile directory, so no cookie or stored token leaks from one journey to the next.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// How long any wait of a journey may take before it fails: every wait is for a condition (a
// locator, a response, an e-mail in the mailbox) and ends as soon as it holds, so the ceiling
// costs nothing when the test passes. It is set for a machine running two test suites at once,
// where a screen that draws in 2 s on a quiet machine took more than 20.
export const waitCeiling = 60_000;

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

// When a test fails, what each of its browser sessions last showed and which requests went wrong
// is printed with the failure: a timeout on a busy CI machine otherwise says only what was
// awaited, not what the page held instead.
const traces = [];
let sessions = 0;

afterEach(async (t) => {
  // Sessions closed during the test are done with; one still open (opened for several tests)
  // stays, and the next test's report starts from where this one ended.
  const these = [...traces];
  traces.splice(0, traces.length, ...traces.filter((trace) => !trace.final));
  for (const trace of these) {
    const log = trace.log.slice(trace.mark);
    trace.mark = trace.log.length;
    if (t.passed) continue;
    const shown = trace.final ?? (await snapshot(trace.page));
    console.log(`--- browser session ${trace.n} at the failure of "${t.name}"`);
    console.log(`url: ${shown.url}`);
    for (const line of log.slice(-25)) console.log(`  ${line}`);
    console.log(`page text:\n${shown.text}`);
  }
});

async function snapshot(page) {
  try {
    const text = await Promise.race([
      page.evaluate(() => (document.querySelector('main') ?? document.body)?.innerText ?? ''),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 5 s')), 5_000).unref()),
    ]);
    return { url: page.url(), text: text.replace(/\n{2,}/g, '\n').slice(0, 2500) };
  } catch (e) {
    return { url: page.isClosed() ? '(closed)' : page.url(), text: `(unreadable: ${e.message})` };
  }
}

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
  context.setDefaultTimeout(waitCeiling);
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
  const trace = { n: ++sessions, page, log: [], mark: 0, final: null };
  traces.push(trace);
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('response', (r) => {
    if (r.status() >= 400) trace.log.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => trace.log.push(`${at()} failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('pageerror', (e) => trace.log.push(`${at()} page error: ${e.message}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) trace.log.push(`${at()} at ${f.url()}`);
  });
  context.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error') trace.log.push(`${at()} console: ${text.slice(0, 300)}`);
    if (msg.type() === 'error' && (/^CSP violation: /.test(text) || /^Refused to .*Content Security Policy/.test(text))) {
      errors.push(new Error(text));
    }
  });
  return {
    context,
    page,
    errors,
    async close() {
      trace.final = await snapshot(page);
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
