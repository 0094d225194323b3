import { Suspense, useEffect, useMemo, useRef, type ComponentType } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/app/guards/require-auth';
import { PageLoader } from '@/components/ui/spinner';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';

// Every screen of the SPA and its path. Every screen is its own lazily loaded chunk (page() below); while one
// loads, the layout around it (or, on the first page, the app) shows 'Carregando...'. The
// signed-in shell (top bar, menus, notification bell) and the admin layout are lazy too, so a
// signed-out visitor's /login loads none of them; the app fetches the shell as soon as a session
// shows up (app/provider.tsx); on /login the page's preload script has fetched it ahead, when the
// browser was idle (vite.config.ts).
//
// Declarative routes (<BrowserRouter> + useRoutes), not the data router: no screen uses loaders,
// actions or fetchers, and createBrowserRouter's engine is ~13 kB gzip of every page's first
// JavaScript (the size budget of spa/scripts/check-size.mjs).

/**
 * A route module: the screen is its `Component` export. `preload`, when a screen has it, starts
 * the screen's own reads and parts (the dashboard's cards) with the chunk, and the screen is drawn
 * once it resolves: the whole screen at once instead of piece after piece.
 */
type RouteModule = { Component: ComponentType; preload?: (client: QueryClient) => Promise<unknown> };

/** How to start loading each lazy route element's code before it renders. */
const preloads = new WeakMap<object, (client: QueryClient) => void>();

/**
 * The element of a lazily loaded screen: 'Carregando...' until its chunk (and its preload) is
 * here, then the screen; a chunk that failed goes to the error boundary. Not React.lazy +
 * Suspense (lib/lazy-module.ts says why): a module already loaded renders at once.
 */
function page(load: () => Promise<RouteModule>) {
  let client: QueryClient | undefined;
  const screen = lazyModule(() =>
    load().then((m) =>
      Promise.resolve(client && m.preload?.(client))
        .catch(() => undefined)
        .then(() => m),
    ),
  );
  const start = (queryClient: QueryClient) => {
    client ??= queryClient;
    void screen.start();
  };
  function Screen() {
    const queryClient = useQueryClient();
    if (!screen.module && !screen.failed) start(queryClient);
    const { module, failed } = useLazyModule(screen);
    if (failed) throw failed.error;
    if (!module) return <PageLoader />;
    const Loaded = module.Component;
    return <Loaded />;
  }
  const element = <Screen />;
  preloads.set(element, start);
  return element;
}

export const loadSignedInShell = () => import('@/app/layouts/main-layout');
const mainLayout = page(() => loadSignedInShell().then((m) => ({ Component: m.MainLayout })));
const adminLayout = page(() => import('@/app/layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })));
// The admin guard (and its notice) comes with the admin routes: most users never open them.
const adminGuard = page(() => import('@/app/guards/require-admin').then((m) => ({ Component: m.RequireAdmin })));

const toDashboard = <Navigate to="/dashboard" replace />;

const register = page(() => import('@/app/routes/auth/register'));
const cultivoPage = page(() => import('@/app/routes/app/cultivo'));
const groupLotes = page(() => import('@/app/routes/groups/group-lotes'));
// The public catalogue: inside the signed-in shell for a member, in the public frame otherwise.
const catalogLayout = page(() => import('@/app/layouts/catalog-layout'));

export const routes: RouteObject[] = [
  // Public
  { path: '/login', element: page(() => import('@/app/routes/auth/login')) },
  { path: '/registro', element: register },
  { path: '/register', element: register },
  { path: '/esqueci-senha', element: page(() => import('@/app/routes/auth/forgot-password')) },
  { path: '/grupos/:groupId/convite', element: page(() => import('@/app/routes/groups/group-invite')) },
  { path: '/grupos/:groupId/publico', element: page(() => import('@/app/routes/groups/group-public')) },
  // An e-mail's unsubscribe link (shared/email), signed out too.
  { path: '/emails/descadastro', element: page(() => import('@/app/routes/auth/unsubscribe')) },
  {
    element: catalogLayout,
    children: [
      { path: '/hortalicas', element: page(() => import('@/app/routes/catalog/hortalicas')) },
      { path: '/hortalicas/:vegetalId', element: page(() => import('@/app/routes/catalog/hortalica')) },
      { path: '/guias', element: page(() => import('@/app/routes/catalog/guias')) },
      { path: '/guias/:guiaId', element: page(() => import('@/app/routes/catalog/guia')) },
    ],
  },

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
          { path: '/grupos/:groupId/cultivos/:cultivoId', element: cultivoPage },
          { path: '/grupos/:groupId/mutiroes/:mutiraoId', element: page(() => import('@/app/routes/groups/mutirao')) },
          { path: '/grupos/:groupId/relatorio', element: page(() => import('@/app/routes/groups/group-relatorio')) },
          { path: '/grupos/:groupId/escalas/:escalaId', element: page(() => import('@/app/routes/groups/escala')) },
          { path: '/grupos/:groupId/partilhas/nova', element: page(() => import('@/app/routes/groups/nova-partilha')) },
          { path: '/grupos/:groupId/partilhas/:partilhaId', element: page(() => import('@/app/routes/groups/partilha')) },
          { path: '/cultivos', element: page(() => import('@/app/routes/app/cultivos')) },
          { path: '/cultivos/:cultivoId', element: cultivoPage },
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
/**
 * After a move to another page, focus goes to the new page's heading (as routers made for screen
 * readers do) instead of staying on <body> or on the menu link, where a screen reader says nothing
 * of the new page. A page that focused one of its own fields keeps it.
 */
function useFocusHeadingOnNavigate(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    let frame = 0;
    const focusHeading = () => {
      const active = document.activeElement;
      if (active && active !== document.body && active.closest('main')) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (++tries < 300) frame = requestAnimationFrame(focusHeading); // the page's chunk may still be loading
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

export function AppRoutes() {
  // Every lazy level of the address (shell, admin layout, screen) starts loading at once, not
  // each only when its parent has rendered; once per address, not per render (matching walks
  // and ranks every route: a few milliseconds of a phone's main thread).
  const client = useQueryClient();
  const { pathname } = useLocation();
  useFocusHeadingOnNavigate(pathname);
  useMemo(() => {
    for (const match of matchRoutes(routes, pathname) ?? []) preloads.get(match.route.element as object)?.(client);
  }, [pathname, client]);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>{useRoutes(routes)}</Suspense>
    </RouteErrorBoundary>
  );
}
