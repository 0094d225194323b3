import {
  confirmSignIn,
  confirmUserAttribute,
  fetchAuthSession,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { getConfig } from '@/lib/config';
import { popupCustomState } from '@/lib/auth/google-popup';
import { popupSessionOpener } from '@/lib/auth/google-popup-session';
import { clearRedirectMarker, markRedirectStarted } from '@/lib/auth/redirect-result';

// The Amplify calls behind each auth action. Each returns success, or failure with the
// provider's error text as is; the screens choose the words the user reads.
//
// Amplify's sign-in and sign-up code (SRP, its error tables, the OAuth redirect) is the biggest
// part of the auth library and no page needs it to draw itself, so this module is never
// imported statically: the auth provider loads it with import() on the first action; on /login
// and /registro the page's preload script fetches it ahead when the browser is idle (vite.config.ts).

export type ActionResult =
  | { success: true }
  | { success: false; error: string; code?: string }
  | { success: false; totpRequired: true };
export type GoogleActionResult =
  | { success: true }
  | { success: false; error: string; popupBlocked?: boolean }
  | { success: false; redirect: true };

export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
}

export async function signInWithEmail(email: string, password: string): Promise<ActionResult> {
  const attempt = () =>
    signIn({ username: email.trim(), password, options: { authFlowType: getConfig().authFlowType } });
  try {
    let output;
    try {
      output = await attempt();
    } catch (error) {
      // A leftover session of another user (say, in another tab) must not block this sign-in.
      if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
      await signOut();
      output = await attempt();
    }
    if (!output.isSignedIn && output.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { success: false, totpRequired: true };
    if (!output.isSignedIn) return { success: false, error: `Etapa de login não suportada: ${output.nextStep.signInStep}` };
    return { success: true };
  } catch (error) {
    return { success: false, error: errorText(error) };
  }
}

/** The authenticator app's code that finishes a sign-in which asked for it. */
export async function confirmTotpCode(code: string): Promise<ActionResult> {
  try {
    const output = await confirmSignIn({ challengeResponse: code.replace(/\s/g, '') });
    if (!output.isSignedIn) return { success: false, error: `Etapa de login não suportada: ${output.nextStep.signInStep}` };
    return { success: true };
  } catch (error) {
    return { success: false, error: errorText(error) };
  }
}

/** Creates the account with its display name (Cognito `name`), then signs in. */
export async function registerWithEmail(name: string, email: string, password: string): Promise<ActionResult> {
  try {
    const output = await signUp({
      username: email.trim(),
      password,
      options: { userAttributes: { email: email.trim(), name: name.trim() } },
    });
    if (!output.isSignUpComplete && output.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
      return { success: false, error: 'Confirmação de e-mail pendente' };
    }
  } catch (error) {
    return { success: false, error: errorText(error), code: errorName(error) };
  }
  const signedIn = await signInWithEmail(email, password);
  // The account is confirmed (registration lands on /dashboard) but the e-mail is not: send the
  // code the shell's banner asks for. A failure here leaves the banner's "Reenviar código".
  if (signedIn.success) await sendEmailCode();
  return signedIn;
}

/** The result of an e-mail code action; `code` is Cognito's error name (CodeMismatchException …). */
export type EmailCodeResult = { success: true } | { success: false; code: string; error: string };

function codeFailure(error: unknown): EmailCodeResult {
  return { success: false, code: errorName(error), error: errorText(error) };
}

/** Asks Cognito to e-mail a code that proves the user owns their address. */
export async function sendEmailCode(): Promise<EmailCodeResult> {
  try {
    await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    return { success: true };
  } catch (error) {
    return codeFailure(error);
  }
}

/** Types the code; on success the tokens are refreshed so they say email_verified. */
export async function confirmEmailCode(code: string): Promise<EmailCodeResult> {
  try {
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  } catch (error) {
    return codeFailure(error);
  }
  try {
    await fetchAuthSession({ forceRefresh: true });
  } catch {
    // The e-mail is verified either way; the next refresh brings the claim.
  }
  return { success: true };
}

/**
 * Google sign-in: a popup with forced account selection first; if the popup is blocked or the
 * user closes it, the redirect flow (the page leaves; `redirect: true`). The caller opens the
 * popup (`openBlankPopup`) straight in the click handler, before any await, so the browser lets
 * it open; null = blocked.
 */
export async function signInWithGoogle(returnTo: string, popup: Window | null): Promise<GoogleActionResult> {
  if (popup) {
    const here = window.location.href;
    try {
      await signInWithRedirect({
        provider: 'Google',
        customState: popupCustomState,
        options: { prompt: 'SELECT_ACCOUNT', authSessionOpener: popupSessionOpener(popup) },
      });
      // Amplify rewrites the address bar to redirectSignIn when it finishes; the router owns it.
      window.history.replaceState(window.history.state, '', here);
      return { success: true };
    } catch (error) {
      window.history.replaceState(window.history.state, '', here);
      if (errorText(error) !== 'canceled') return { success: false, error: errorText(error) };
      // Closed by the user: on to the redirect below.
    }
  }
  return startGoogleRedirect(returnTo, popup === null);
}

async function startGoogleRedirect(returnTo: string, popupBlocked: boolean): Promise<GoogleActionResult> {
  markRedirectStarted(returnTo);
  try {
    await signInWithRedirect({ provider: 'Google' });
    return { success: false, redirect: true };
  } catch (error) {
    clearRedirectMarker();
    return { success: false, error: errorText(error), popupBlocked };
  }
}

export async function signOutUser(): Promise<ActionResult> {
  try {
    await signOut();
    return { success: true };
  } catch (error) {
    return { success: false, error: errorText(error) };
  }
}
