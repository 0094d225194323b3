// Size budget: the JavaScript a phone downloads before it can draw each entry route, gzip, must
// stay within 110 kB (make test runs this after the build; make bench prints the same figures).
//   /login      the entry chunk and the login route's chunk (a signed-out visitor: no Amplify)
//   /dashboard  the entry, Amplify's session side (a stored session loads it at start-up), the
//               signed-in shell and the dashboard route's chunk
// each with everything it imports statically. Code loaded later (the sign-in actions, fetched
// into the cache when the browser is idle) does not count. Prints the files and totals; exits 1 above budget.
// `--json` prints {route: bytes} only, for make bench.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const budgetBytes = 110 * 1000;
export const routes = {
  '/login': ['src/app/routes/auth/login.tsx'],
  '/dashboard': ['src/lib/auth/amplify.ts', 'src/app/layouts/main-layout.tsx', 'src/app/routes/app/dashboard.tsx'],
};

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json não encontrado: rode `npm run build` antes.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('manifest sem entry');
  process.exit(2);
}

function filesFor(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entryKey, ...keys]) {
    if (!manifest[key]) {
      console.error(`manifest sem ${key}: o módulo mudou de nome ou deixou de ser carregado à parte?`);
      process.exit(2);
    }
    visit(key);
  }
  return [...files].sort();
}

const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
// The classic script index.html loads to preload the landing route's chunks (vite.config.ts).
const preloader = /<script async src="\/(assets\/route-preload-[^"]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
const json = process.argv.includes('--json');
const totals = {};
let over = false;
for (const [route, keys] of Object.entries(routes)) {
  let total = 0;
  if (!json) console.log(`${route}:`);
  for (const file of [...filesFor(keys), ...(preloader ? [preloader] : [])]) {
    const gz = gzipBytes(file);
    total += gz;
    if (!json) console.log(`  ${file.padEnd(44)} ${(gz / 1000).toFixed(2).padStart(8)} kB gzip`);
  }
  totals[route] = total;
  over ||= total > budgetBytes;
  if (!json) {
    const verdict = total <= budgetBytes ? 'ok' : 'ACIMA DO LIMITE';
    console.log(`${route} JavaScript: ${(total / 1000).toFixed(2)} kB gzip (limite ${budgetBytes / 1000} kB): ${verdict}`);
  }
}
if (json) console.log(JSON.stringify(totals));
process.exit(over ? 1 : 0);
