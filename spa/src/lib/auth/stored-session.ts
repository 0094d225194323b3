import { getConfig } from '@/lib/config';
import { redirectMarked } from '@/lib/auth/redirect-result';
import type { AuthUser } from '@/lib/auth/session';

// The session Amplify stored (localStorage, its key names: amplify-loader.ts), read without
// Amplify. While the stored access token has more than a minute left, a page needs nothing else to
// name the user and call the API: Amplify (a fifth of the JavaScript a signed-in page would wait
// for) is loaded when the browser is idle, for the refresh that comes later and the sign-in
// actions (main.tsx). Without such a token, or with a hosted-UI sign-in coming back, Amplify
// reads the session as before (session.ts), refreshing it. The page's preload script starts the
// landing route's first reads with the same token (vite.config.ts).

const prefix = 'CognitoIdentityServiceProvider.';
/** How long before its expiry a stored access token stops being used without Amplify. */
const marginMs = 60_000;

/**
 * Admin = membership of the Cognito group `admin`, read from the access token's `cognito:groups`.
 * The SPA only chooses what to show with it; the API decides from its own record.
 */
export function isAdminClaim(groups: unknown): boolean {
  return Array.isArray(groups) && groups.includes('admin');
}

function claims(jwt: string | null): Record<string, unknown> | undefined {
  if (!jwt) return undefined;
  try {
    const part = jwt.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function verifiedClaim(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

interface Stored {
  access: string;
  accessClaims: Record<string, unknown>;
  idClaims: Record<string, unknown>;
}

/** The stored tokens, when the access token has more than a minute left and no sign-in is coming back. */
function stored(now = Date.now()): Stored | undefined {
  try {
    if (redirectMarked()) return undefined;
    const params = new URLSearchParams(window.location.search);
    if (params.has('code') || params.has('error')) return undefined;
    const base = `${prefix}${getConfig().userPoolClientId}.`;
    const user = window.localStorage.getItem(`${base}LastAuthUser`);
    if (!user) return undefined;
    const access = window.localStorage.getItem(`${base}${user}.accessToken`);
    const accessClaims = claims(access);
    const exp = accessClaims?.exp;
    if (!access || !accessClaims || typeof exp !== 'number' || exp * 1000 <= now + marginMs) return undefined;
    return { access, accessClaims, idClaims: claims(window.localStorage.getItem(`${base}${user}.idToken`)) ?? {} };
  } catch {
    return undefined;
  }
}

/** The stored access token while it has more than a minute left (else undefined: ask Amplify). */
export function storedAccessToken(): string | undefined {
  return stored()?.access;
}

/**
 * The signed-in user from the stored tokens, when the ID token names their e-mail and whether it is
 * verified (a pool that leaves them out, as cognito-local does, goes through Amplify). `now` 0
 * takes an expired token too: offline, it still says who signed in on this device
 * (lib/auth/session.ts, lib/offline).
 */
export function storedUser(now?: number): AuthUser | undefined {
  const s = stored(now);
  if (!s) return undefined;
  const email = typeof s.idClaims.email === 'string' ? s.idClaims.email : '';
  const emailVerified = verifiedClaim(s.idClaims.email_verified);
  const id = typeof s.accessClaims.sub === 'string' ? s.accessClaims.sub : '';
  if (!id || !email || emailVerified === undefined) return undefined;
  return {
    id,
    email,
    name: typeof s.idClaims.name === 'string' ? s.idClaims.name : '',
    isAdmin: isAdminClaim(s.accessClaims['cognito:groups']),
    emailVerified,
  };
}
