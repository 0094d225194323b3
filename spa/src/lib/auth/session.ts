import { fetchAuthSession, fetchUserAttributes } from 'aws-amplify/auth';
import { isAdminClaim, storedUser } from '@/lib/auth/stored-session';

export interface AuthUser {
  /** Cognito sub: the id of the user's profile. */
  id: string;
  email: string;
  /** The display name given at sign-up (Cognito `name`); the profile's nome wins where shown. */
  name: string;
  isAdmin: boolean;
  /** Whether the user typed the code Cognito sent to their e-mail (Google's own say for Google users). */
  emailVerified: boolean;
}

function verifiedClaim(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export { isAdminClaim } from '@/lib/auth/stored-session';

/** The signed-in user from Amplify's stored tokens (refreshing them if needed), or null. */
export async function readSession(): Promise<AuthUser | null> {
  // Offline, an access token past its hour cannot be refreshed: the member who signed in on this
  // device is still the one the stored tokens name, and sees what was saved here (lib/offline);
  // the refresh comes when the network does.
  const offline = () => (navigator.onLine ? null : (storedUser(0) ?? null));
  let session;
  try {
    session = await fetchAuthSession();
  } catch {
    return offline(); // online, a refresh token that no longer works is a signed-out user
  }
  const access = session.tokens?.accessToken;
  if (!access) return offline();
  const idClaims = session.tokens?.idToken?.payload ?? {};
  let name = text(idClaims.name);
  let email = text(idClaims.email);
  let emailVerified = verifiedClaim(idClaims.email_verified);
  // Cognito's ID token carries the e-mail, its verification and the name; a pool that leaves some
  // out (cognito-local has no name in it) costs a GetUser round trip, before GET /api/me can start.
  // Not for the name alone: the profile from /api/me, which the session waits for, names the user
  // wherever a name shows (`userData.nome || user.name`).
  if (!email || emailVerified === undefined) {
    try {
      const attributes = await fetchUserAttributes();
      name ||= text(attributes.name);
      email ||= text(attributes.email);
      emailVerified ??= verifiedClaim(attributes.email_verified);
    } catch {
      // The profile from /api/me still names the user.
    }
  }
  return {
    id: text(access.payload.sub),
    email,
    name,
    isAdmin: isAdminClaim(access.payload['cognito:groups']),
    // Unknown (attributes unreadable) counts as verified: no banner rather than a wrong one.
    emailVerified: emailVerified ?? true,
  };
}
