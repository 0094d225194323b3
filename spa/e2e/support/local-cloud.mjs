// Starts the whole product locally (`go run ./infra/local` from the repository root) on free
// ports, asking through LOCAL_DATA_DIR for a fresh temporary data directory so that a developer's
// own cloud (and its .local lock) is left alone, and stops it again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    const base = 20000 + Math.floor(Math.random() * 30000);
    let ok = true;
    for (let i = 0; i < portsPerCloud && ok; i++) ok = await isFree(base + i);
    if (ok) return base;
  }
  throw new Error('no run of five free ports found');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @returns {Promise<{url: string, config: any, admin: {email: string, password: string, totpSecret: string},
 *   dynamoEndpoint: string, tableName: string, log: () => string, stop: () => Promise<void>}>}
 */
export async function startLocalCloud({ timeoutMs = 240_000, dataDir: given } = {}) {
  if (!existsSync(join(repoRoot, 'spa', 'dist', 'index.html'))) {
    throw new Error('spa/dist is not built: run `npm run build` before `npm run e2e`');
  }
  const port = await freePortRun();
  // dataDir: a data directory of the caller's (make bench's Lighthouse: a copy of a season's),
  // kept when the cloud stops; else a fresh one, removed.
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'verde-e2e-'));
  let output = '';
  // detached: its own process group, so stop() reaches `go run` and the binary it starts.
  const child = spawn('go', ['run', './infra/local'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = null;
  const exit = new Promise((done) => child.on('exit', (code, signal) => done((exited = { code, signal }))));

  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timedOut = await Promise.race([exit.then(() => false), sleep(30_000).then(() => true)]);
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
