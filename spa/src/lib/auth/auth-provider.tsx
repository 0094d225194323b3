import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isCancelledError, useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import type { AuthUser } from '@/lib/auth/session';
import { loadAmplify, mayHaveSession, whenAmplifyLoaded } from '@/lib/auth/amplify-loader';
import { storedUser } from '@/lib/auth/stored-session';
import { getMe } from '@/lib/auth/me-query';
import { queryKeys } from '@/lib/query-keys';
import { isRedirectInFlight, redirectMarked, takeRedirectResult } from '@/lib/auth/redirect-result';
import { whenIdle } from '@/lib/idle';

// Sign-in, sign-up and sign-out are loaded on first use (see lib/auth/actions.ts); on /login and
// /registro the page's preload script fetches them into the HTTP cache ahead, when the browser is
// idle (vite.config.ts), so a click waits only for them to run. A chunk that fails to load
// (the network dropped) is the action's failure, like any other.
// Amplify comes first: the actions call it configured.
const loadActions = () => Promise.all([import('@/lib/auth/actions'), loadAmplify()]).then(([actions]) => actions);
type Actions = Awaited<ReturnType<typeof loadActions>>;

async function withActions<T>(run: (actions: Actions) => Promise<T>, failure: (error: string) => T): Promise<T> {
  let actions: Actions;
  try {
    actions = await loadActions();
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error));
  }
  return run(actions);
}

const failed = (error: string): { success: false; error: string; code?: string } => ({ success: false, error });
const codeFailed = (error: string) => ({ success: false, code: 'NetworkError', error }) as const;

type Session = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

const profileLoadError = 'Erro ao carregar dados do usuário:';

export function AuthProvider({
  children,
  onSignedIn,
}: {
  children: ReactNode;
  /**
   * Called as soon as the tokens show a signed-in user, while the profile loads: the app starts
   * what the signed-in screens need (the unread count, the shell's code) alongside GET /api/me
   * instead of after it.
   */
  onSignedIn?: (user: AuthUser) => void;
}) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const inFlight = useRef<Promise<AuthUser | null> | null>(null);
  const firstLoad = useRef(true);

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
    if (inFlight.current) return inFlight.current;
    const run = (async () => {
      // No stored session: signed out, without loading Amplify to be told so (this path has no
      // await, hence the clean-up below rather than a finally inside).
      // A stored session whose access token has more than a minute left names the user without
      // Amplify, which main.tsx loads when the browser is idle (lib/auth/stored-session.ts).
      const next = mayHaveSession() ? (storedUser() ?? (await loadAmplify().then((amplify) => amplify.readSession(), () => null))) : null;
      if (next) {
        onSignedIn?.(next);
        await queryClient
          .fetchQuery({ queryKey: queryKeys.me.profile(next.id), queryFn: getMe, staleTime: 0 })
          // Cancelled: opened offline, the read waited and the copy kept on the device answered it
          // (lib/offline/persist.ts).
          .catch((error: unknown) => isCancelledError(error) || console.error(profileLoadError, error));
        // On the first load (a spinner on screen, nothing else can happen) as a transition: the
        // signed-in shell and its screen are drawn in slices, not one long task. After a sign-in,
        // at once: the form navigates on as soon as this resolves.
        if (firstLoad.current) startTransition(() => setSession({ status: 'signedIn', user: next }));
        else setSession({ status: 'signedIn', user: next });
      } else {
        queryClient.clear();
        setSession({ status: 'signedOut' });
      }
      return next;
    })();
    inFlight.current = run;
    void run.finally(() => {
      firstLoad.current = false;
      if (inFlight.current === run) inFlight.current = null;
    });
    return run;
  }, [queryClient, onSignedIn]);

  // A Google redirect coming back (Amplify finishing it at start-up): the sign-in actions are
  // loaded once the browser is idle, as every page did before they became a prefetch. Amplify
  // reports a redirect that failed (?error=…, e2e/google-link-refused.test.mjs) reliably only with
  // them loaded after its OAuth listener has run; loading them at once, or never, loses it at times.
  useEffect(() => {
    if (!redirectMarked() && !isRedirectInFlight()) return;
    return whenIdle(() => void loadActions().catch(() => undefined));
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Amplify's auth events, once Amplify is loaded (at start-up with a stored session, else on
  // the first sign-in action).
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void whenAmplifyLoaded().then((amplify) => {
      if (!live) return;
      stop = amplify.listenAuth((event) => {
        switch (event) {
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
    });
    return () => {
      live = false;
      stop?.();
    };
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
        const result = await withActions((actions) => actions.signInWithEmail(email, password), failed);
        return result.success ? signedInResult() : result;
      },
      async confirmTotp(code) {
        const result = await withActions((actions) => actions.confirmTotpCode(code), failed);
        return result.success ? signedInResult() : result;
      },
      async register(name, email, password) {
        const result = await withActions((actions) => actions.registerWithEmail(name, email, password), failed);
        return result.success ? signedInResult() : result;
      },
      async signInWithGoogle(returnTo, popup) {
        const result = await withActions((actions) => actions.signInWithGoogle(returnTo, popup), (error) => {
          popup?.close();
          return failed(error);
        });
        return result.success ? signedInResult() : result;
      },
      async getRedirectResult() {
        const result = await takeRedirectResult();
        if (result.success) await refresh();
        return result;
      },
      sendEmailCode() {
        return withActions((actions) => actions.sendEmailCode(), codeFailed);
      },
      async confirmEmail(code) {
        const result = await withActions((actions) => actions.confirmEmailCode(code), codeFailed);
        if (result.success) {
          setSession((current) =>
            current.status === 'signedIn' ? { status: 'signedIn', user: { ...current.user, emailVerified: true } } : current,
          );
        }
        return result;
      },
      async signOut() {
        const result = await withActions((actions) => actions.signOutUser(), failed);
        if (!result.success && 'error' in result) console.error('Erro ao sair:', result.error);
        queryClient.clear();
        setSession({ status: 'signedOut' });
      },
    }),
    [user, me.data, session.status, refresh, signedInResult, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
