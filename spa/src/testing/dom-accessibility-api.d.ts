// dom-accessibility-api (Testing Library's name computation) ships types its package.json
// "exports" does not point at; this is the one function the tests use.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(root: Element): string;
}
