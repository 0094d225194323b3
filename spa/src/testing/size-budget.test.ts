// The size check (scripts/check-size.mjs) on made-up builds: what a route waits for before its content
// draws counts, the chunks its preload awaits with import() included; code loaded later does not.
// eslint-disable-next-line no-restricted-imports -- the build's own script, outside src/ (no @/ alias reaches it)
import { budgetBytes, measureRoutes, routeFiles } from '../../scripts/size-budget.mjs';

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/routes/app/dashboard.tsx', 'src/app/routes/auth/login.tsx'] },
  'src/app/routes/auth/login.tsx': { file: 'assets/login.js', imports: ['index.html'] },
  'src/app/routes/app/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['index.html', '_ui.js'], dynamicImports: ['_dashboard-cards.js'] },
  '_ui.js': { file: 'assets/ui.js' },
  // The cards the dashboard's preload awaits, with a chunk they import statically.
  '_dashboard-cards.js': { file: 'assets/dashboard-cards.js', imports: ['_common.js'], dynamicImports: ['_diary-form.js'] },
  '_common.js': { file: 'assets/common.js' },
  // Loaded when a member opens the diary: never before the page draws.
  '_diary-form.js': { file: 'assets/diary-form.js' },
};

const dashboard = { name: '/dashboard', modules: ['src/app/routes/app/dashboard.tsx'], awaits: ['src/app/routes/app/dashboard.tsx'] };
const login = { name: '/login', modules: ['src/app/routes/auth/login.tsx'], awaits: [] };

describe('the size check', () => {
  it('counts the chunks a route awaits with import() and what they import, not what loads later', () => {
    expect(routeFiles(manifest, dashboard)).toEqual([
      'assets/common.js',
      'assets/dashboard-cards.js',
      'assets/dashboard.js',
      'assets/index.js',
      'assets/ui.js',
    ]);
    expect(routeFiles(manifest, login)).toEqual(['assets/index.js', 'assets/login.js']);
  });

  it('fails a route whose awaited dynamic chunks take it over the budget', () => {
    // 60 kB of entry and route: within budget on their own; the awaited cards take it over.
    const sizes: Record<string, number> = {
      'assets/index.js': 55_000,
      'assets/dashboard.js': 4_000,
      'assets/ui.js': 1_000,
      'assets/dashboard-cards.js': 35_000,
      'assets/common.js': 6_000,
      'assets/diary-form.js': 50_000,
      'assets/login.js': 2_000,
    };
    const [dash, log] = measureRoutes(manifest, [dashboard, login], (f) => sizes[f]!, [], budgetBytes);
    expect(dash).toMatchObject({ route: '/dashboard', total: 101_000, over: true });
    expect(log).toMatchObject({ route: '/login', total: 57_000, over: false });
    // Without the awaited cards the same route would pass: they are what the check now sees.
    const [staticOnly] = measureRoutes(manifest, [{ ...dashboard, awaits: [] }], (f) => sizes[f]!, [], budgetBytes);
    expect(staticOnly).toMatchObject({ total: 60_000, over: false });
  });

  it('refuses a module the build no longer has, rather than counting nothing', () => {
    expect(() => routeFiles(manifest, { modules: ['src/app/routes/app/gone.tsx'], awaits: [] })).toThrow(/manifest sem src\/app\/routes\/app\/gone.tsx/);
  });
});
