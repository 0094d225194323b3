import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type GoogleAuthResult } from '@/lib/auth/auth-context';
import { createQueryClient } from '@/lib/query-client';
import { setConfig } from '@/lib/config';
import { AppRoutes, routerFuture } from '@/app/router';
import type { AuthUser } from '@/lib/auth/session';
import type { Profile } from '@/types/api';

// Screens are tested against the real router and routes; only the auth state (our own context)
// and the API's HTTP answers are made up.

export const testUser: AuthUser = {
  id: 'user-1',
  email: 'maria@exemplo.com',
  name: 'Maria Clara Souza',
  isAdmin: false,
  emailVerified: true,
};

export const testProfile: Profile = {
  id: 'user-1',
  nome: 'Maria Clara Souza',
  email: 'maria@exemplo.com',
  foto: null,
  bio: '',
  nivel: 1,
  conquistas: [],
  dataCadastro: '2025-01-15T12:00:00Z',
  gruposParticipantes: [],
  pontosTotais: 0,
};

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user === undefined ? testUser : overrides.user;
  return {
    user,
    userData: user ? testProfile : null,
    loading: false,
    isAdmin: user?.isAdmin ?? false,
    signIn: vi.fn(async () => ({ success: false as const, error: 'not used' })),
    confirmTotp: vi.fn(async () => ({ success: false as const, error: 'not used' })),
    register: vi.fn(async () => ({ success: false as const, error: 'not used' })),
    signInWithGoogle: vi.fn(async () => ({ success: false as const, error: 'not used' })),
    getRedirectResult: vi.fn(async () => ({ success: false as const, error: 'Nenhum resultado de redirect encontrado' })),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => user),
    sendEmailCode: vi.fn(async () => ({ success: true as const })),
    confirmEmail: vi.fn(async () => ({ success: true as const })),
    ...overrides,
  };
}

export const adminUser: AuthUser = { ...testUser, isAdmin: true };

/** Answers the API's HTTP calls; unknown paths get a 404 envelope. */
export function stubApi(handlers: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {}) {
  setConfig({
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userPoolClientId: 'client',
    authFlowType: 'USER_PASSWORD_AUTH',
    apiBase: '/api',
  });
  const all: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {
    'GET /api/notifications/unread-count': () => json({ count: 0 }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const handler = all[key];
    if (!handler) return json({ error: { code: 'not_found', message: 'Não encontrado' } }, 404);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The signal drops until the test ends: the browser says it is offline, and react-query pauses. */
export function loseSignal() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => onlineManager.setOnline(false));
  onTestFinished(() => onlineManager.setOnline(true));
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Holds the fake auth state so a test can change it the way a sign-in or sign-out would. */
function AuthHarness({ initial, bind, children }: { initial: AuthContextValue; bind: (set: (v: AuthContextValue) => void) => void; children: ReactNode }) {
  const [value, setValue] = useState(initial);
  bind(setValue);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** What a test reads of the router: where the app is now and how it got there. */
export type TestRouter = { state: { location: Location; historyAction: NavigationType } };

/** Keeps the test's router handle in step with the app's location. */
function RouterProbe({ bind }: { bind: (state: TestRouter['state']) => void }) {
  bind({ location: useLocation(), historyAction: useNavigationType() });
  return null;
}

export function renderApp(path: string, auth: AuthContextValue = fakeAuth()) {
  const queryClient = createQueryClient();
  let setValue: (v: AuthContextValue) => void = () => {};
  const router: TestRouter = {
    state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' }, historyAction: 'POP' as NavigationType },
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthHarness initial={auth} bind={(set) => (setValue = set)}>
        <MemoryRouter initialEntries={[path]} future={routerFuture}>
          <RouterProbe
            bind={(state) => {
              router.state = state;
            }}
          />
          <AppRoutes />
        </MemoryRouter>
      </AuthHarness>
    </QueryClientProvider>,
  );
  /** Replaces the auth state, as the real provider does after a sign-in or sign-out. */
  const setAuth = (next: AuthContextValue) => act(() => setValue(next));
  return { ...view, router, queryClient, setAuth };
}

/**
 * The sign-in screens' Google button: renders `path` signed out with Google answering `reply`,
 * then clicks the button named `button`. Returns what renderApp returns, and the auth.
 */
export async function clickGoogle(path: string, button: string, reply: GoogleAuthResult) {
  const auth = fakeAuth({ user: null, signInWithGoogle: vi.fn(async () => reply) });
  const rendered = renderApp(path, auth);
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return { ...rendered, auth };
}
