// axe-core (npm), injected into the page by playwright-core: every rule of WCAG 2.0/2.1 A and AA
// plus label-content-name-mismatch (label in name, an "experimental" rule axe does not run by
// default). Returns the violations, each with the elements at fault, for an assertion to print.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page) {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.failureSummary) }));
  });
}

/** Fails with every violation written out. */
export async function expectNoViolations(assert, page, where) {
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `axe-core violations on ${where}:\n${JSON.stringify(violations, null, 2)}`);
}
