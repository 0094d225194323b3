// A screen is a lazily loaded chunk, and its CSS arrives only with the stylesheets its modules
// import (Vite loads them before the chunk runs). So every class a component names must be
// defined in a global stylesheet (src/styles, loaded by main.tsx) or in one the component
// reaches through its own static imports; otherwise the screen renders unstyled on a cold load
// whenever no other screen happened to bring that stylesheet first.

const sources = import.meta.glob<string>(['/src/**/*.tsx', '/src/**/*.ts', '!/src/**/*.test.*', '!/src/types/api.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const stylesheets = import.meta.glob<string>('/src/**/*.css', { query: '?raw', import: 'default', eager: true });

/** The classes a stylesheet styles on their own: the first compound of each selector. */
function definedClasses(css: string): Set<string> {
  const found = new Set<string>();
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/[^{}]+(?=\{)/g) ?? [];
  for (const selectorList of rules) {
    for (const selector of selectorList.split(',')) {
      const first = selector.trim().split(/[\s>+~]+/)[0] ?? '';
      for (const [, name] of first.matchAll(/\.([a-zA-Z][\w-]*)/g)) found.add(name!);
    }
  }
  return found;
}

/** The @/ modules a module imports statically (CSS included), as /src/... paths. */
function staticImports(code: string): string[] {
  const paths: string[] = [];
  for (const [, spec] of code.matchAll(/^\s*(?:import|export)\s[^;]*?['"]@\/([^'"]+)['"]/gm)) {
    const base = `/src/${spec}`;
    const hit = [base, `${base}.tsx`, `${base}.ts`].find((p) => p in sources || p in stylesheets);
    if (hit) paths.push(hit);
  }
  return paths;
}

/** Class names written literally in className attributes (strings and template parts). */
function usedClasses(code: string): Set<string> {
  const used = new Set<string>();
  for (const [, a, b, c] of code.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\}|\{([^}]*)\})/g)) {
    const text = (a ?? b ?? c ?? '').replace(/\$\{[^}]*\}/g, ' ');
    for (const [token] of text.matchAll(/[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g)) used.add(token);
  }
  return used;
}

const definedBy = new Map<string, Set<string>>();
for (const [path, css] of Object.entries(stylesheets)) {
  for (const name of definedClasses(css)) definedBy.set(name, (definedBy.get(name) ?? new Set()).add(path));
}
const global = Object.keys(stylesheets).filter((path) => path.startsWith('/src/styles/'));

function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (path in sources) stack.push(...staticImports(sources[path]!));
  }
  return seen;
}

describe('stylesheets travel with the code that uses them', () => {
  it('finds the global stylesheets and the features’ own', () => {
    expect(global.sort()).toEqual(['/src/styles/base.css', '/src/styles/components.css', '/src/styles/shell.css', '/src/styles/tokens.css']);
    expect(Object.keys(stylesheets).filter((p) => p.startsWith('/src/features/')).length).toBeGreaterThan(0);
  });

  it.each(Object.keys(sources).filter((path) => path.endsWith('.tsx')))('%s', (path) => {
    const loaded = new Set([...reachable(path), ...global]);
    const missing = [...usedClasses(sources[path]!)].filter((name) => {
      const files = definedBy.get(name);
      return files !== undefined && ![...files].some((file) => loaded.has(file));
    });
    expect(missing).toEqual([]);
  });
});
