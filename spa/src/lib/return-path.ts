const signInPages = /^\/(login|registro|register)(?=$|[/?#])/;

/** The in-app path to go back to after signing in, from router state; /dashboard by default. */
export function returnPathFrom(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  // Only paths inside the app: no "//host" or absolute URLs handed in through state.
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !signInPages.test(from)) {
    return from;
  }
  return '/dashboard';
}
