// Size budget: the JavaScript a phone downloads and runs before each entry route draws its content,
// gzip, must stay within 100 kB (make test runs this after the build; make bench prints the same
// figures): the entry, the route's chunks and the chunks it awaits with import() before drawing,
// each with its static imports, and the preload script (scripts/size-budget.mjs says what counts;
// scripts/landing-routes.mjs lists each route's modules). Prints the files and totals; exits 1
// above budget. `--json` prints {route: bytes} only, for make bench.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetRoutes, landingRoutes } from './landing-routes.mjs';
import { budgetBytes, measureRoutes } from './size-budget.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json não encontrado: rode `npm run build` antes.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
// The classic script index.html loads to preload the landing route's chunks (vite.config.ts).
const preloader = /<script async src="\/(assets\/route-preload-[^"]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
const routes = landingRoutes.filter((r) => budgetRoutes.includes(r.name));

let results;
try {
  results = measureRoutes(manifest, routes, gzipBytes, preloader ? [preloader] : []);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(results.map((r) => [r.route, r.total]))));
} else {
  for (const r of results) {
    console.log(`${r.route}:`);
    for (const f of r.files) console.log(`  ${f.file.padEnd(44)} ${(f.bytes / 1000).toFixed(2).padStart(8)} kB gzip`);
    console.log(`${r.route} JavaScript: ${(r.total / 1000).toFixed(2)} kB gzip (limite ${budgetBytes / 1000} kB): ${r.over ? 'ACIMA DO LIMITE' : 'ok'}`);
  }
}
process.exit(results.some((r) => r.over) ? 1 : 0);
