// Google sign-in in a popup with forced account selection, on top of Amplify's own PKCE flow.
//
// Amplify v6 has no popup API, but signInWithRedirect takes an `authSessionOpener`: Amplify
// generates the state and PKCE verifier, stores them, builds the /oauth2/authorize URL and hands
// it to the opener; when the opener resolves with the callback URL, Amplify validates the state
// and exchanges the code itself. So the popup only carries the browser there and back, and
// Amplify's state handling stays untouched.
//
// The popup lands on our own redirectSignIn page. That page must not run Amplify (it would race
// the opener to exchange the one-time code), so main.tsx recognises it by the custom state we put
// in `state` and only relays the URL to the opener over a BroadcastChannel, which works even if
// a provider page cut window.opener with Cross-Origin-Opener-Policy. The opener also reads the
// popup's location directly when it is same-origin again, for browsers without BroadcastChannel.

export const popupCustomState = 'verde-popup';
export const channelName = 'verde-google-popup';

function hex(text: string): string {
  // Amplify appends the custom state to `state` as the hex of its char codes.
  return Array.from(text, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}

const stateSuffix = '-' + hex(popupCustomState);

export function isCallbackUrl(href: string): boolean {
  const url = new URL(href);
  const state = url.searchParams.get('state');
  return !!state && state.endsWith(stateSuffix) && (url.searchParams.has('code') || url.searchParams.has('error'));
}

/** True on the page the popup lands on after the provider: it relays and closes. */
export function isPopupCallback(href: string = window.location.href): boolean {
  return isCallbackUrl(href);
}

/** Hands the callback URL to the window that opened the popup, then closes the popup. */
export function relayPopupCallback(): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage({ type: 'callback', url: window.location.href });
    channel.close();
  }
  // The opener closes the popup too; this covers an opener that lost its reference to it.
  setTimeout(() => window.close(), 300);
}
