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

let pendingNotice: string | null = null;

/**
 * A notice for the sign-in page the visitor is about to land on, e.g. 'Sua conta foi excluída'
 * right before signing out: the route guard makes that redirect, so router state cannot carry it.
 */
export function setSignInNotice(text: string) {
  pendingNotice = text;
}

/** The pending notice, once (the sign-in page takes it when it shows to a signed-out visitor). */
export function takeSignInNotice(): string | null {
  const notice = pendingNotice;
  pendingNotice = null;
  return notice;
}
