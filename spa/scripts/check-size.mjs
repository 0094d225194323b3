// Size budget: the JavaScript a visitor downloads to see /login (the entry chunk, the login
// route's chunk and everything either imports statically) must stay within 150 kB gzip.
// Run after `npm run build`; prints the number and exits 1 above the budget.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const budgetBytes = 150 * 1000;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json não encontrado: rode `npm run build` antes.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = 'src/app/routes/auth/login.tsx';
if (!entryKey || !manifest[loginKey]) {
  console.error(`manifest sem ${!entryKey ? 'entry' : loginKey}`);
  process.exit(2);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(loginKey);

let total = 0;
for (const file of [...files].sort()) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`  ${file.padEnd(44)} ${(gz / 1000).toFixed(2).padStart(8)} kB gzip`);
}
const verdict = total <= budgetBytes ? 'ok' : 'ACIMA DO LIMITE';
console.log(`/login JavaScript: ${(total / 1000).toFixed(2)} kB gzip (limite ${budgetBytes / 1000} kB): ${verdict}`);
process.exit(total <= budgetBytes ? 0 : 1);
