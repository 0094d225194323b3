// The outcome of a Google sign-in that left the page (the redirect flow). Amplify finishes it by
// itself as soon as it is configured, announcing the end on the Hub; the login screen asks for it
// later, when it mounts. So the Hub is watched from start-up (before Amplify.configure) and the
// outcome is kept until a screen takes it. The Hub comes in as a parameter: this module stays
// free of Amplify, which a signed-out visitor's pages do not load (lib/auth/amplify-loader.ts).

/** Amplify's Hub.listen('auth', …), as lib/auth/amplify.ts hands it over. */
export type AuthHubListen = (listener: (capsule: { payload: { event: string; data?: unknown } }) => void) => () => void;

export const noRedirectResultMessage = 'Nenhum resultado de redirect encontrado';

export type RedirectResult = { success: true; returnTo: string } | { success: false; error: string };

const markerKey = 'verde.googleRedirect';
/** Past this the redirect counts as abandoned (Amplify had nothing in flight to finish). */
const giveUpMs = 20_000;

const none: RedirectResult = { success: false, error: noRedirectResultMessage };
let pending: Promise<RedirectResult> = Promise.resolve(none);
let inFlight = false;
let startupReturnTo: string | null = null;

/** Remembers, across the full-page round trip, that a redirect started and where to return. */
export function markRedirectStarted(returnTo: string): void {
  sessionStorage.setItem(markerKey, returnTo);
}

export function clearRedirectMarker(): void {
  sessionStorage.removeItem(markerKey);
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}

// Amplify reports a user who came back without finishing (back button) as an error; for the
// user nothing went wrong, so it is treated like no result at all.
function isCancellation(message: string): boolean {
  return /cancel/i.test(message);
}

/** Whether a redirect sign-in left this tab and has not been taken up yet. */
export function redirectMarked(): boolean {
  return sessionStorage.getItem(markerKey) !== null;
}

/** Call once at start-up, before Amplify.configure. */
export function watchRedirectResult(listenAuth: AuthHubListen): void {
  const returnTo = sessionStorage.getItem(markerKey);
  if (returnTo === null) {
    pending = Promise.resolve(none);
    return;
  }
  clearRedirectMarker();
  startupReturnTo = returnTo || '/dashboard';
  inFlight = true;
  pending = new Promise<RedirectResult>((resolve) => {
    const timer = setTimeout(() => settle(none), giveUpMs);
    const stop = listenAuth(({ payload }) => {
      if (payload.event === 'signInWithRedirect') settle({ success: true, returnTo: returnTo || '/dashboard' });
      if (payload.event === 'signInWithRedirect_failure') {
        const message = errorText((payload.data as { error?: unknown } | undefined)?.error);
        settle(isCancellation(message) ? none : { success: false, error: message });
      }
    });
    function settle(result: RedirectResult) {
      clearTimeout(timer);
      stop();
      inFlight = false;
      resolve(result);
    }
  });
}

/** The pending redirect's outcome, once: later calls get 'Nenhum resultado de redirect encontrado'. */
export function takeRedirectResult(): Promise<RedirectResult> {
  const result = pending;
  pending = Promise.resolve(none);
  return result;
}

/** Whether a redirect's outcome is still awaited (the login screen shows itself busy meanwhile). */
export function isRedirectInFlight(): boolean {
  return inFlight;
}

/** Where the redirect that brought the user back was started from, if one did. */
export function redirectReturnTo(): string | null {
  return startupReturnTo;
}
