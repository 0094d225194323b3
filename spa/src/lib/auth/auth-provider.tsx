import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { readSession, type AuthUser } from '@/lib/auth/session';
import { getMe } from '@/lib/auth/me-query';
import { queryKeys } from '@/lib/query-keys';
import { takeRedirectResult } from '@/lib/auth/redirect-result';
import * as actions from '@/lib/auth/actions';

type Session = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

const profileLoadError = 'Erro ao carregar dados do usuário:';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const inFlight = useRef<Promise<AuthUser | null> | null>(null);

  const user = session.status === 'signedIn' ? session.user : null;

  const me = useQuery({
    queryKey: queryKeys.me.profile(user?.id ?? ''),
    queryFn: getMe,
    enabled: !!user,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (me.error) console.error(profileLoadError, me.error);
  }, [me.error]);

  // Reads tokens, then the profile (GET /api/me creates it when absent), and only then says
  // "signed in": a guard never sees a user without the profile being asked for.
  const refresh = useCallback((): Promise<AuthUser | null> => {
    inFlight.current ??= (async () => {
      try {
        const next = await readSession();
        if (next) {
          await queryClient
            .fetchQuery({ queryKey: queryKeys.me.profile(next.id), queryFn: getMe, staleTime: 0 })
            .catch((error: unknown) => console.error(profileLoadError, error));
          setSession({ status: 'signedIn', user: next });
        } else {
          queryClient.clear();
          setSession({ status: 'signedOut' });
        }
        return next;
      } finally {
        inFlight.current = null;
      }
    })();
    return inFlight.current;
  }, [queryClient]);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          void refresh();
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          queryClient.clear();
          setSession({ status: 'signedOut' });
          break;
      }
    });
  }, [refresh, queryClient]);

  const signedInResult = useCallback(async () => {
    const next = await refresh();
    return next ? ({ success: true, user: next } as const) : ({ success: false, error: 'Sessão não encontrada' } as const);
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      userData: user ? (me.data ?? null) : null,
      loading: session.status === 'loading',
      isAdmin: user?.isAdmin ?? false,
      refresh,
      async signIn(email, password) {
        const result = await actions.signInWithEmail(email, password);
        return result.success ? signedInResult() : result;
      },
      async register(name, email, password) {
        const result = await actions.registerWithEmail(name, email, password);
        return result.success ? signedInResult() : result;
      },
      async signInWithGoogle(returnTo) {
        const result = await actions.signInWithGoogle(returnTo);
        return result.success ? signedInResult() : result;
      },
      async getRedirectResult() {
        const result = await takeRedirectResult();
        if (result.success) await refresh();
        return result;
      },
      async signOut() {
        const result = await actions.signOutUser();
        if (!result.success) console.error('Erro ao sair:', result.error);
        queryClient.clear();
        setSession({ status: 'signedOut' });
      },
    }),
    [user, me.data, session.status, refresh, signedInResult, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
