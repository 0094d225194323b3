import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { configureAmplify } from '@/lib/auth/configure-amplify';
import { watchRedirectResult } from '@/lib/auth/redirect-result';
import { whenIdle } from '@/lib/idle';
import type { AppConfig } from '@/lib/config';

// Everything of Amplify the SPA uses to hold a session: configuration, the stored tokens, the
// auth Hub. Only lib/auth/amplify-loader.ts imports it, with import(): a visitor with no
// session never downloads it before signing in.

export { readSession } from '@/lib/auth/session';

/**
 * Configures Amplify; the redirect watcher goes first so it hears a redirect's outcome. Amplify's
 * OAuth listener, which completes a hosted-UI sign-in (Google) on the page it comes back to, is
 * loaded only on such a page (the code and state in the address, or a flow in flight): it catches
 * up with a configuration made before it arrived.
 */
export function start(config: AppConfig): void {
  // A session: once the page has loaded and the browser is idle, the installable app and the
  // offline cache and queue (lib/pwa/boot.tsx). Here rather than in main.tsx: no page's first paint
  // carries even the import.
  const boot = () => whenIdle(() => void import('@/lib/pwa/boot'));
  if (document.readyState === 'complete') boot();
  else addEventListener('load', boot, { once: true });
  watchRedirectResult((listener) => Hub.listen('auth', listener));
  configureAmplify(config);
  if (oauthInFlight(config)) {
    void import('aws-amplify/auth/enable-oauth-listener').catch((error: unknown) =>
      console.error('Erro ao concluir o login com Google:', error),
    );
  }
}

function oauthInFlight(config: AppConfig): boolean {
  const params = new URLSearchParams(window.location.search);
  if (params.has('code') || params.has('error')) return true;
  return window.localStorage.getItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.inflightOAuth`) === 'true';
}

/** Calls handler with each auth Hub event ('signedIn', 'signedOut', 'tokenRefresh_failure' …). */
export function listenAuth(handler: (event: string) => void): () => void {
  return Hub.listen('auth', ({ payload }) => handler(payload.event));
}

/** The current access token (refreshed by Amplify when it is about to expire), if signed in. */
export async function accessToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}
