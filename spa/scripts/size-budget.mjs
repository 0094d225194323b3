// The size check's arithmetic (scripts/check-size.mjs runs it on the build; src/testing/size-budget.test.ts
// on made-up builds): the JavaScript a route runs before its content draws, gzip. That is the entry,
// the route's modules (scripts/landing-routes.mjs `modules`), every chunk the `awaits` modules import
// with import() (the dashboard's cards, which its preload waits for), each with everything it
// imports statically, and
// the page's preload script. Code loaded later (a dialog's, the sign-in actions and Amplify fetched
// when the browser is idle) does not count.

/** The budget of each route, gzip bytes. */
// 100 kB since the merge of the mutirões, fair-play and photo cards put /dashboard at 96.2 kB;
// the flat reads' target of 90 kB waits for those cards to be trimmed (docs/performance.md).
export const budgetBytes = 100 * 1000;

/**
 * The files of route (a landing-routes.mjs entry) in a Vite manifest, sorted; throws when a module
 * is missing (renamed, or no longer a chunk of its own).
 */
export function routeFiles(manifest, route) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('manifest sem entry');
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const missing = (key) => new Error(`manifest sem ${key}: o módulo mudou de nome ou deixou de ser carregado à parte?`);
  for (const key of [entryKey, ...route.modules, ...route.awaits]) {
    if (!manifest[key]) throw missing(key);
    visit(key);
  }
  for (const key of route.awaits) {
    for (const dynamic of manifest[key].dynamicImports ?? []) {
      if (!manifest[dynamic]) throw missing(dynamic);
      visit(dynamic);
    }
  }
  return [...files].sort();
}

/**
 * Each route's files and total (gzip, by sizeOf(file)), and whether it is over budget.
 * extra: files every route loads (the preload script).
 */
export function measureRoutes(manifest, routes, sizeOf, extra = [], budget = budgetBytes) {
  return routes.map((route) => {
    const files = [...routeFiles(manifest, route), ...extra].map((file) => ({ file, bytes: sizeOf(file) }));
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    return { route: route.name, files, total, over: total > budget };
  });
}
