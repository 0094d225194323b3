import { describe, expect, it } from 'vitest';
import { mayHaveSession } from '@/lib/auth/amplify-loader';
import { markRedirectStarted } from '@/lib/auth/redirect-result';

function storage(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (i: number) => keys[i] ?? null };
}

describe('mayHaveSession', () => {
  const here = 'http://localhost/login';

  it('is false for a visitor with nothing stored: Amplify is not loaded for them', () => {
    expect(mayHaveSession('client-1', storage([]), here)).toBe(false);
    expect(mayHaveSession('client-1', storage(['verde.other', 'CognitoIdentityServiceProvider.client-2.LastAuthUser']), here)).toBe(false);
  });

  it("is true once Amplify stored a session or an OAuth sign-in of this app's client", () => {
    expect(mayHaveSession('client-1', storage(['CognitoIdentityServiceProvider.client-1.LastAuthUser']), here)).toBe(true);
    expect(mayHaveSession('client-1', storage(['CognitoIdentityServiceProvider.client-1.inflightOAuth']), here)).toBe(true);
  });

  it('is true on the way back from the hosted UI, or when a Google redirect left this tab', () => {
    expect(mayHaveSession('client-1', storage([]), `${here}?code=abc&state=xyz`)).toBe(true);
    markRedirectStarted('/grupos');
    expect(mayHaveSession('client-1', storage([]), here)).toBe(true);
  });
});
