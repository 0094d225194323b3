import { getConfig } from '@/lib/config';
import { redirectMarked } from '@/lib/auth/redirect-result';
import { nextTask } from '@/lib/idle';
import type * as AmplifySide from '@/lib/auth/amplify';

// Amplify (about a fifth of the JavaScript a first visit would otherwise load) is fetched only
// when there may be a session to hold: tokens stored by an earlier sign-in, a Google redirect
// coming back, or a sign-in starting. A signed-out visitor's /login never waits for it; the
// page's preload script fetches it into the HTTP cache when the browser is idle (vite.config.ts).

export type AmplifyModule = typeof AmplifySide;

let loading: Promise<AmplifyModule> | null = null;
let announce: (amplify: AmplifyModule) => void = () => {};
const loaded = new Promise<AmplifyModule>((resolve) => (announce = resolve));

/** Loads and configures Amplify once; later calls get the same module. */
export function loadAmplify(): Promise<AmplifyModule> {
  loading ??= import('@/lib/auth/amplify').then(
    async (amplify) => {
      // Evaluating Amplify's modules is one task; configuring it and reading the stored tokens
      // the next, not the same long one.
      await nextTask();
      amplify.start(getConfig());
      announce(amplify);
      return amplify;
    },
    (error: unknown) => {
      loading = null; // a dropped connection; the next call tries again
      throw error;
    },
  );
  return loading;
}

/** Resolves once Amplify has been loaded, by whoever needed it first. */
export function whenAmplifyLoaded(): Promise<AmplifyModule> {
  return loaded;
}

/** Whether Amplify is loaded or on its way. */
export function amplifyRequested(): boolean {
  return loading !== null;
}

// Amplify v6 keeps every key of a user pool client's session in localStorage under this prefix
// (LastAuthUser, the tokens, an OAuth sign-in in flight), the same names as Amplify v5 and the
// Cognito SDK before it. spa/e2e/journeys.test.mjs reloads a signed-in page, which fails if the
// names ever change.
const storagePrefix = 'CognitoIdentityServiceProvider.';

/** True when this browser may hold a session of the configured user pool client. */
export function mayHaveSession(
  clientId: string = getConfig().userPoolClientId,
  storage: Pick<Storage, 'length' | 'key'> = window.localStorage,
  href: string = window.location.href,
): boolean {
  if (redirectMarked()) return true;
  const params = new URL(href).searchParams;
  if (params.has('code') && params.has('state')) return true; // back from the hosted UI
  const prefix = `${storagePrefix}${clientId}.`;
  for (let i = 0; i < storage.length; i++) {
    if (storage.key(i)?.startsWith(prefix)) return true;
  }
  return false;
}
