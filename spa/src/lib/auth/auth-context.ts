import { createContext, useContext } from 'react';
import type { AuthUser } from '@/lib/auth/session';
import type { RedirectResult } from '@/lib/auth/redirect-result';
import type { Profile } from '@/types/api';

/** A failure carries the provider's text as is and, when known, its error name (UsernameExistsException …). */
export type AuthResult =
  | { success: true; user: AuthUser }
  | { success: false; error: string; code?: string }
  /** The account has an authenticator app (TOTP): confirmTotp(code) finishes the sign-in. */
  | { success: false; totpRequired: true };
export type GoogleAuthResult =
  | { success: true; user: AuthUser }
  | { success: false; error: string; popupBlocked?: boolean }
  | { success: false; redirect: true };

/** An e-mail code action's outcome: `code` is Cognito's error name, for the screen's words. */
export type EmailCodeResult = { success: true } | { success: false; code: string; error: string };

export interface AuthContextValue {
  /** The Cognito user, or null when signed out. */
  user: AuthUser | null;
  /** The profile from GET /api/me (created there when absent), or null. */
  userData: Profile | null;
  /** True until the first session check (and its profile load) has finished. */
  loading: boolean;
  isAdmin: boolean;
  signIn(email: string, password: string): Promise<AuthResult>;
  /** The authenticator app's code, after a sign-in that asked for it. */
  confirmTotp(code: string): Promise<AuthResult>;
  register(name: string, email: string, password: string): Promise<AuthResult>;
  /**
   * Google sign-in through `popup`, which the caller opens with openBlankPopup()
   * (lib/auth/google-popup-window.ts) inside the click, before any await; null (blocked) goes
   * straight to the redirect.
   */
  signInWithGoogle(returnTo: string, popup: Window | null): Promise<GoogleAuthResult>;
  /** The outcome of a Google redirect that brought the user back to the app. */
  getRedirectResult(): Promise<RedirectResult>;
  signOut(): Promise<void>;
  /** E-mails the signed-in user a code that proves they own their address. */
  sendEmailCode(): Promise<EmailCodeResult>;
  /** Types that code; on success `user.emailVerified` becomes true. */
  confirmEmail(code: string): Promise<EmailCodeResult>;
  /** Re-reads tokens and profile (after a sign-in elsewhere, a profile edit...). */
  refresh(): Promise<AuthUser | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth fora do AuthProvider');
  return value;
}
