// make bench's companion for finding where /dashboard's main-thread time goes (not run by make
// bench or make test): loads /dashboard signed in, cold HTTP cache, with the CPU slowed down as
// Lighthouse's mobile profile assumes (CPU=4 by default), traces the load and prints each long
// task (over 50 ms slowed down) with what it spent its time on: scripts by URL, style and layout,
// and the functions that took most of it (from V8's sampling profiler). TRACE=<file> keeps the
// trace for Chromium's Performance panel.
//   node tools/bench/profile-dashboard.mjs
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { signIn } from './signin.mjs';

const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const cpu = Number(process.env.CPU || 4);
const root = resolve(process.env.VERDE_ROOT || new URL('../..', import.meta.url).pathname);
const path = process.env.ROUTE || '/dashboard';
const { startLocalCloud } = await import(pathToFileURL(`${root}/spa/e2e/support/local-cloud.mjs`).href);

const cloud = await startLocalCloud();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await signIn(page, cloud, root, cloud.admin);
  await page.goto('about:blank');
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.tracing.start({
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'toplevel'],
  });
  await page.goto(`${cloud.url}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
  await new Promise((r) => setTimeout(r, 1500));
  const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
  if (process.env.TRACE) writeFileSync(process.env.TRACE, JSON.stringify(trace));
  report(trace.traceEvents);
  await browser.disconnect();
} finally {
  await chrome.kill();
  await cloud.stop();
}

function report(events) {
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  const pid = nav.pid;
  const main = events.filter((e) => e.pid === pid && e.tid === nav.tid);
  const t0 = nav.ts;
  const ms = (us) => Math.round(us / 100) / 10;
  for (const e of main.filter((x) => x.name === 'largestContentfulPaint::Candidate' || x.name === 'firstContentfulPaint')) {
    console.log(`${e.name} at ${ms(e.ts - t0)} ms`);
  }
  // Samples of the V8 profile: id → node, and per-sample timestamps.
  const nodes = new Map();
  const samples = [];
  for (const e of events.filter((x) => x.pid === pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
    const data = e.args?.data;
    if (!data) continue;
    if (e.name === 'Profile') {
      data.startTime && samples.push({ start: data.startTime });
      continue;
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) samples.push({ id: ids[i], delta: deltas[i] });
  }
  let now = 0;
  const timed = [];
  for (const s of samples) {
    if (s.start !== undefined) {
      now = s.start;
      continue;
    }
    now += s.delta;
    timed.push({ ts: now, id: s.id });
  }
  const tasks = main.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= t0 && e.dur > 50_000);
  let tbt = 0;
  for (const task of tasks) {
    tbt += task.dur - 50_000;
    const inside = main.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task);
    const by = new Map();
    for (const e of inside) {
      const url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url || '';
      const key = ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch'].includes(e.name)
        ? `${e.name} ${url.replace(/^.*\//, '')} ${e.args?.data?.functionName ?? ''}`
        : e.name;
      if (!['UpdateLayoutTree', 'Layout', 'ParseAuthorStyleSheet', 'Paint', 'PrePaint', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'ScheduleStyleRecalculation', 'HitTest', 'CommitLoad', 'ParseHTML', 'ResourceReceiveResponse', 'ResourceFinish'].includes(e.name) && !key.includes(' ')) continue;
      by.set(key, (by.get(key) ?? 0) + e.dur);
    }
    const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, d]) => `${k.trim()} ${ms(d)}`);
    // Top self-time functions by sample count inside the task.
    const fn = new Map();
    for (const s of timed) {
      if (s.ts < task.ts || s.ts > task.ts + task.dur) continue;
      const n = nodes.get(s.id);
      if (!n) continue;
      const f = n.callFrame;
      const key = `${f.functionName || '(anon)'} ${(f.url || '').replace(/^.*\//, '')}:${f.lineNumber}`;
      fn.set(key, (fn.get(key) ?? 0) + 1);
    }
    const topFn = [...fn].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, c]) => `${k}×${c}`);
    console.log(`\ntask at ${ms(task.ts - t0)} ms, ${ms(task.dur)} ms\n  ${top.join('\n  ')}\n  samples: ${topFn.join(', ')}`);
  }
  console.log(`\nsum of (long task - 50 ms): ${ms(tbt)} ms over ${tasks.length} tasks`);
}
