// The window of the Google popup (lib/auth/google-popup.ts tells the whole flow). Only the
// sign-in screens open it, so it stays out of the entry chunk every signed-in page loads: the
// Google button's handler calls openBlankPopup in the click and hands the window to
// auth.signInWithGoogle.

const popupWindowName = 'verde-google-login';

/**
 * Opens an empty popup. Call it synchronously inside the click handler: browsers allow popups
 * only during the user's activation, and Amplify awaits before it has the URL. null = blocked.
 */
export function openBlankPopup(): Window | null {
  const width = 500;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  let popup: Window | null;
  try {
    popup = window.open('', popupWindowName, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  } catch {
    popup = null;
  }
  if (!popup || popup.closed) return null;
  try {
    popup.document.title = 'Entrar com Google';
    popup.document.body.textContent = 'Carregando...';
  } catch {
    // A reused popup may already be on another origin; it is navigated below anyway.
  }
  return popup;
}
