import { Suspense, useEffect, useReducer, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/app/guards/require-auth';
import { PageLoader } from '@/components/ui/spinner';
import { RouteErrorBoundary } from '@/app/route-error-boundary';

// The routes of SPEC §2. Every screen is its own lazily loaded chunk (React.lazy); while one
// loads, the layout around it (or, on the first page, the app) shows 'Carregando...'. The
// signed-in shell (top bar, menus, notification bell) and the admin layout are lazy too, so a
// signed-out visitor's /login loads none of them; the app fetches the shell as soon as a session
// shows up (app/provider.tsx) and otherwise when the browser is idle (app/app.tsx).
//
// Declarative routes (<BrowserRouter> + useRoutes), not the data router: no screen uses loaders,
// actions or fetchers, and createBrowserRouter's engine is ~13 kB gzip of every page's first
// JavaScript (issue 8's budget).

/** A route module: the screen is its `Component` export. */
type RouteModule = { Component: ComponentType };

/** How to start loading each lazy route element's code before it renders. */
const preloads = new WeakMap<object, () => void>();

/**
 * The element of a lazily loaded screen: 'Carregando...' until its chunk is here, then the
 * screen (a chunk that failed goes to the error boundary). Not React.lazy + Suspense: a Suspense
 * fallback holds the content back for at least 500 ms after it showed (React's reveal
 * throttle), which every first page load would pay; a module already loaded renders at once.
 */
function page(load: () => Promise<RouteModule>) {
  let loaded: RouteModule | undefined;
  let failed: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const once = () =>
    (loading ??= load().then(
      (m) => void (loaded = m),
      (error: unknown) => void (failed = { error }),
    ));
  function Screen() {
    const [, loadedNow] = useReducer((n: number) => n + 1, 0);
    const shown = loaded !== undefined || failed !== undefined;
    useEffect(() => {
      if (shown) return;
      // The chunk may have arrived between this render and the effect: draw it now.
      if (loaded || failed) loadedNow();
      else void once().then(loadedNow);
    }, [shown]);
    if (failed) throw failed.error;
    if (!loaded) return <PageLoader />;
    const Loaded = loaded.Component;
    return <Loaded />;
  }
  const element = <Screen />;
  preloads.set(element, () => void once());
  return element;
}

export const loadSignedInShell = () => import('@/app/layouts/main-layout');
const mainLayout = page(() => loadSignedInShell().then((m) => ({ Component: m.MainLayout })));
const adminLayout = page(() => import('@/app/layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })));
// The admin guard (and its notice) comes with the admin routes: most users never open them.
const adminGuard = page(() => import('@/app/guards/require-admin').then((m) => ({ Component: m.RequireAdmin })));

const toDashboard = <Navigate to="/dashboard" replace />;

const register = page(() => import('@/app/routes/auth/register'));
const cultivationDetail = page(() => import('@/app/routes/app/cultivation-detail'));
const groupLotes = page(() => import('@/app/routes/groups/group-lotes'));

export const routes: RouteObject[] = [
  // Public
  { path: '/login', element: page(() => import('@/app/routes/auth/login')) },
  { path: '/registro', element: register },
  { path: '/register', element: register },
  { path: '/esqueci-senha', element: page(() => import('@/app/routes/auth/forgot-password')) },
  { path: '/grupos/:groupId/convite', element: page(() => import('@/app/routes/groups/group-invite')) },
  { path: '/grupos/:groupId/publico', element: page(() => import('@/app/routes/groups/group-public')) },

  // Signed in, inside the main layout
  {
    element: <RequireAuth />,
    children: [
      {
        element: mainLayout,
        children: [
          { path: '/', element: toDashboard },
          { path: '/dashboard', element: page(() => import('@/app/routes/app/dashboard')) },
          { path: '/grupos', element: page(() => import('@/app/routes/groups/my-groups')) },
          { path: '/grupos/diretorio', element: page(() => import('@/app/routes/groups/group-directory')) },
          { path: '/grupos/novo', element: page(() => import('@/app/routes/groups/create-group')) },
          { path: '/grupos/:groupId', element: page(() => import('@/app/routes/groups/group-detail')) },
          { path: '/grupos/:groupId/slots', element: groupLotes },
          { path: '/grupos/:groupId/lotes', element: groupLotes },
          { path: '/grupos/:groupId/cultivos/:cultivationId', element: cultivationDetail },
          { path: '/cultivos', element: page(() => import('@/app/routes/app/cultivos')) },
          { path: '/cultivos/:cultivationId', element: cultivationDetail },
          { path: '/rankings', element: page(() => import('@/app/routes/app/rankings')) },
          { path: '/feed', element: page(() => import('@/app/routes/app/feed')) },
          { path: '/notificacoes', element: page(() => import('@/app/routes/app/notificacoes')) },
          { path: '/perfil', element: page(() => import('@/app/routes/app/perfil')) },
          { path: '/membros/:userId', element: page(() => import('@/app/routes/app/membro')) },
          { path: '/configuracoes', element: page(() => import('@/app/routes/app/configuracoes')) },
          {
            path: '/admin',
            element: adminGuard,
            children: [
              {
                element: adminLayout,
                children: [
                  { index: true, element: page(() => import('@/app/routes/admin/admin-dashboard')) },
                  { path: 'vegetais', element: page(() => import('@/app/routes/admin/vegetais')) },
                  { path: 'banners', element: page(() => import('@/app/routes/admin/banners')) },
                  { path: 'usuarios', element: page(() => import('@/app/routes/admin/usuarios')) },
                  { path: 'usuarios/:userId', element: page(() => import('@/app/routes/admin/usuario')) },
                  { path: 'analytics', element: page(() => import('@/app/routes/admin/analytics')) },
                  { path: 'guias', element: page(() => import('@/app/routes/admin/guias')) },
                  { path: 'conquistas', element: page(() => import('@/app/routes/admin/conquistas')) },
                  { path: 'moderacao', element: page(() => import('@/app/routes/admin/moderacao')) },
                  { path: 'dados', element: page(() => import('@/app/routes/admin/dados')) },
                  { path: 'configuracoes', element: page(() => import('@/app/routes/admin/configuracoes')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },

  // Anything else
  { path: '*', element: toDashboard },
];

export const routerFuture = { v7_relativeSplatPath: true, v7_startTransition: false } as const;

/**
 * The app's screens for the current address. A screen still loading shows 'Carregando...' here
 * until a layout (whose own Suspense keeps the shell on screen) takes over; a chunk that fails to
 * load (a deploy replaced it, the network dropped) shows the error boundary's retry.
 */
export function AppRoutes() {
  // Every lazy level of the address (shell, admin layout, screen) starts loading at once, not
  // each only when its parent has rendered.
  for (const match of matchRoutes(routes, useLocation()) ?? []) preloads.get(match.route.element as object)?.();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>{useRoutes(routes)}</Suspense>
    </RouteErrorBoundary>
  );
}
