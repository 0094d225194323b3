import { channelName, isCallbackUrl } from '@/lib/auth/google-popup';

// The opener's side of the Google popup (see google-popup.ts): waits for the callback URL and
// hands it to Amplify. Only lib/auth/actions.ts uses it, so it loads with the sign-in code.

export interface AuthSessionResult {
  type: 'success' | 'canceled' | 'error';
  url?: string;
  error?: unknown;
}

/** How long a closed popup may still be delivering its callback message. */
const closeGraceMs = 1000;
const pollMs = 300;

/** The authSessionOpener for Amplify: navigates the popup and waits for the callback URL. */
export function popupSessionOpener(popup: Window) {
  return (url: string): Promise<AuthSessionResult> =>
    new Promise((resolve) => {
      let settled = false;
      let closedAt = 0;
      const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;

      const finish = (result: AuthSessionResult) => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        channel?.close();
        try {
          popup.close();
        } catch {
          // already closed
        }
        resolve(result);
      };

      if (channel) {
        channel.onmessage = (event: MessageEvent) => {
          const data = event.data as { type?: unknown; url?: unknown } | null;
          if (data?.type === 'callback' && typeof data.url === 'string' && isSameOrigin(data.url) && isCallbackUrl(data.url)) {
            finish({ type: 'success', url: data.url });
          }
        };
      }

      const timer = setInterval(() => {
        let href: string | undefined;
        try {
          href = popup.location.href; // throws while the popup is on another origin
        } catch {
          href = undefined;
        }
        if (href && isSameOrigin(href) && isCallbackUrl(href)) {
          finish({ type: 'success', url: href });
          return;
        }
        if (popup.closed) {
          closedAt ||= Date.now();
          if (Date.now() - closedAt >= closeGraceMs) finish({ type: 'canceled' });
        }
      }, pollMs);

      try {
        popup.location.href = url;
      } catch (error) {
        finish({ type: 'error', error });
      }
    });
}

function isSameOrigin(href: string): boolean {
  try {
    return new URL(href).origin === window.location.origin;
  } catch {
    return false;
  }
}
