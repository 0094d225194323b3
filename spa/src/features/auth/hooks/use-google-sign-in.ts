import { useAuth } from '@/lib/auth/auth-context';
import { openBlankPopup } from '@/lib/auth/google-popup-window';
import { authMessages, type AuthField } from '@/features/auth/validation';

/** What a sign-in form is doing: nothing, an e-mail sign-in, or a Google sign-in. */
export type AuthFormBusy = 'idle' | 'email' | 'google';
/** The one message under a sign-in form's fields, and the field it is about. */
export type AuthFormError = { message: string; field?: AuthField } | null;

/**
 * The Google button's click handler, the same on the login and the registration
 * screen: the popup opens inside the click (so no await comes before the call), the form is busy
 * meanwhile, a redirect keeps it waiting while the page leaves for Google, and a failure becomes
 * the form's message (a blocked popup has its own; `failureMessage` words the others).
 */
export function useGoogleSignIn({
  returnTo,
  onSuccess,
  busy,
  setBusy,
  setError,
  failureMessage,
}: {
  returnTo: string;
  onSuccess: (path: string) => void;
  busy: AuthFormBusy;
  setBusy: (busy: AuthFormBusy) => void;
  setError: (error: AuthFormError) => void;
  /** The form's words for a failure, given the provider's error text. */
  failureMessage: (providerError: string) => string;
}): () => Promise<void> {
  const auth = useAuth();
  return async function handleGoogle() {
    if (busy !== 'idle') return;
    // Before any await: browsers let a popup open only inside the click.
    const pending = auth.signInWithGoogle(returnTo, openBlankPopup());
    setError(null);
    setBusy('google');
    const result = await pending;
    if (result.success) {
      onSuccess(returnTo);
      return;
    }
    if ('redirect' in result) return; // the page is leaving for Google; keep waiting
    setBusy('idle');
    setError({ message: result.popupBlocked ? authMessages.popupBlocked : failureMessage(result.error) });
  };
}
