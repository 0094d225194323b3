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

/**
 * Why a page sent the visitor to sign in, from router state ({motivo}), e.g. 'Entre para
 * participar de Horta X' from an invite: said above the form so the detour makes sense.
 */
export function signInReasonFrom(state: unknown): string | null {
  const motivo = state && typeof state === 'object' && 'motivo' in state ? state.motivo : undefined;
  return typeof motivo === 'string' && motivo.trim() !== '' ? motivo.trim().slice(0, 200) : null;
}
