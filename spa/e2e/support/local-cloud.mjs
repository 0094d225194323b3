// Starts the whole product locally (`go run ./infra/local` from the repository root) on free
// ports, asking through LOCAL_DATA_DIR for a fresh temporary data directory so that a developer's
// own cloud (and its .local lock) is left alone, and stops it again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'node:test';

export const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** The local cloud puts its emulators on PORT+1 … PORT+4, so five ports in a row must be free. */
const portsPerCloud = 5;

function isFree(port) {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => done(true)));
  });
}

async function freePortRun() {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below Linux's ephemeral range (32768 and up): a port found free there can be taken by
    // any outgoing connection before the cloud binds it (cognito-local once failed so).
    const base = 20000 + Math.floor(Math.random() * (32768 - 20000 - portsPerCloud));
    let ok = true;
    for (let i = 0; i < portsPerCloud && ok; i++) ok = await isFree(base + i);
    if (ok) return base;
  }
  throw new Error('no run of five free ports found');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// When a test fails, the local cloud's warnings and errors and its last requests during that test
// are printed with the failure (with the browser's side, support/browser.mjs).
const running = new Set();

afterEach((t) => {
  for (const cloud of running) {
    const lines = cloud.output.slice(cloud.mark).split('\n').filter(Boolean);
    cloud.mark = cloud.output.length;
    if (t.passed) continue;
    const notable = lines.filter((l) => /level=(WARN|ERROR)/.test(l) || /status=[45]\d\d/.test(l));
    const requests = lines.filter((l) => /msg=request /.test(l)).slice(-30);
    console.log(`--- local cloud at the failure of "${t.name}": warnings, errors, failed requests`);
    for (const l of notable.slice(-40)) console.log(`  ${l.slice(0, 400)}`);
    console.log('--- its last requests');
    for (const l of requests) console.log(`  ${l.slice(0, 300)}`);
  }
});

/**
 * @returns {Promise<{url: string, config: any, admin: {email: string, password: string, totpSecret: string},
 *   dynamoEndpoint: string, tableName: string, log: () => string, stop: () => Promise<void>}>}
 */
export async function startLocalCloud(options = {}) {
  if (!existsSync(join(repoRoot, 'spa', 'dist', 'index.html'))) {
    throw new Error('spa/dist is not built: run `npm run build` before `npm run e2e`');
  }
  // The ports found free here may be taken before the cloud binds them, by a cloud another test
  // suite starts at the same moment (the Go test clouds reserve theirs first: infra/local/cloud/
  // ports.go): the cloud then stops at once saying so, and starts again on other ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePortRun(), options);
    } catch (error) {
      if (attempt === 5 || !/is already in use/.test(error.message)) throw error;
    }
  }
}

async function startOn(port, { timeoutMs = 240_000, dataDir: given }) {
  // dataDir: a data directory of the caller's (make bench's Lighthouse: a copy of a season's),
  // kept when the cloud stops; else a fresh one, removed.
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'verde-e2e-'));
  let output = '';
  const watched = { output: '', mark: 0 };
  // detached: its own process group, so stop() reaches `go run` and the binary it starts.
  const child = spawn('go', ['run', './infra/local'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const take = (d) => {
    output += d;
    watched.output = output;
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  running.add(watched);
  let exited = null;
  const exit = new Promise((done) => child.on('exit', (code, signal) => done((exited = { code, signal }))));

  const url = `http://localhost:${port}`;
  const stop = async () => {
    running.delete(watched);
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      // The 30 s limit must not keep this process alive once the cloud is gone (it did: each
      // journey file's process then lingered 30 s after its tests, ten minutes of a CI run).
      let limit;
      const timedOut = await Promise.race([exit.then(() => false), new Promise((done) => (limit = setTimeout(done, 30_000, true)))]);
      clearTimeout(limit);
      if (timedOut) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exit;
      }
    }
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (exited) throw new Error(`the local cloud exited (${JSON.stringify(exited)})`);
      if (Date.now() > deadline) throw new Error(`the local cloud did not answer /config.json within ${timeoutMs / 1000} s`);
      const summary = parseSummary(output);
      if (summary) {
        const res = await fetch(`${url}/config.json`).catch(() => null);
        if (res?.ok) {
          const config = await res.json();
          return { url, config, ...summary, log: () => output, stop };
        }
      }
      await sleep(500);
    }
  } catch (error) {
    await stop();
    error.message += `\n--- local cloud output ---\n${output}`;
    throw error;
  }
}

/** The startup summary the local cloud prints once it is ready (infra/local/main.go). */
function parseSummary(text) {
  const admin = /demo admin\s+(\S+)\s+\/\s+(\S+)/.exec(text);
  const totp = /demo admin TOTP\s+(\S+)/.exec(text);
  const dynamo = /DynamoDB Local\s+(\S+)\s+table\s+(\S+)/.exec(text);
  if (!admin || !totp || !dynamo) return null;
  return { admin: { email: admin[1], password: admin[2], totpSecret: totp[1] }, dynamoEndpoint: dynamo[1], tableName: dynamo[2] };
}
