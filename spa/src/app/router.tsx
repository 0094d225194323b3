import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/app/guards/require-auth';

// The routes of SPEC §2. Every screen is its own lazily loaded chunk; while one loads, the
// layout (or, on the first page, the router's fallback) shows 'Carregando...'. The signed-in
// shell (top bar, menus, notification bell) and the admin layout are lazy too, so a signed-out
// visitor's /login loads none of them; the app fetches the shell as soon as a session shows up
// (app/provider.tsx) and otherwise when the browser is idle (app/app.tsx).

export const loadSignedInShell = () => import('@/app/layouts/main-layout');
const mainLayout = () => loadSignedInShell().then((m) => ({ Component: m.MainLayout }));
const adminLayout = () => import('@/app/layouts/admin-layout').then((m) => ({ Component: m.AdminLayout }));
// The admin guard (and its notice) comes with the admin routes: most users never open them.
const adminGuard = () => import('@/app/guards/require-admin').then((m) => ({ Component: m.RequireAdmin }));

const toDashboard = <Navigate to="/dashboard" replace />;

const register = () => import('@/app/routes/auth/register');
const cultivationDetail = () => import('@/app/routes/app/cultivation-detail');
const groupLotes = () => import('@/app/routes/groups/group-lotes');

export const routes: RouteObject[] = [
  // Public
  { path: '/login', lazy: () => import('@/app/routes/auth/login') },
  { path: '/registro', lazy: register },
  { path: '/register', lazy: register },
  { path: '/esqueci-senha', lazy: () => import('@/app/routes/auth/forgot-password') },
  { path: '/grupos/:groupId/convite', lazy: () => import('@/app/routes/groups/group-invite') },
  { path: '/grupos/:groupId/publico', lazy: () => import('@/app/routes/groups/group-public') },

  // Signed in, inside the main layout
  {
    element: <RequireAuth />,
    children: [
      {
        lazy: mainLayout,
        children: [
          { path: '/', element: toDashboard },
          { path: '/dashboard', lazy: () => import('@/app/routes/app/dashboard') },
          { path: '/grupos', lazy: () => import('@/app/routes/groups/my-groups') },
          { path: '/grupos/diretorio', lazy: () => import('@/app/routes/groups/group-directory') },
          { path: '/grupos/novo', lazy: () => import('@/app/routes/groups/create-group') },
          { path: '/grupos/:groupId', lazy: () => import('@/app/routes/groups/group-detail') },
          { path: '/grupos/:groupId/slots', lazy: groupLotes },
          { path: '/grupos/:groupId/lotes', lazy: groupLotes },
          { path: '/grupos/:groupId/cultivos/:cultivationId', lazy: cultivationDetail },
          { path: '/cultivos', lazy: () => import('@/app/routes/app/cultivos') },
          { path: '/cultivos/:cultivationId', lazy: cultivationDetail },
          { path: '/rankings', lazy: () => import('@/app/routes/app/rankings') },
          { path: '/feed', lazy: () => import('@/app/routes/app/feed') },
          { path: '/notificacoes', lazy: () => import('@/app/routes/app/notificacoes') },
          { path: '/perfil', lazy: () => import('@/app/routes/app/perfil') },
          { path: '/membros/:userId', lazy: () => import('@/app/routes/app/membro') },
          { path: '/configuracoes', lazy: () => import('@/app/routes/app/configuracoes') },
          {
            path: '/admin',
            lazy: adminGuard,
            children: [
              {
                lazy: adminLayout,
                children: [
                  { index: true, lazy: () => import('@/app/routes/admin/admin-dashboard') },
                  { path: 'vegetais', lazy: () => import('@/app/routes/admin/vegetais') },
                  { path: 'banners', lazy: () => import('@/app/routes/admin/banners') },
                  { path: 'usuarios', lazy: () => import('@/app/routes/admin/usuarios') },
                  { path: 'usuarios/:userId', lazy: () => import('@/app/routes/admin/usuario') },
                  { path: 'analytics', lazy: () => import('@/app/routes/admin/analytics') },
                  { path: 'guias', lazy: () => import('@/app/routes/admin/guias') },
                  { path: 'conquistas', lazy: () => import('@/app/routes/admin/conquistas') },
                  { path: 'moderacao', lazy: () => import('@/app/routes/admin/moderacao') },
                  { path: 'dados', lazy: () => import('@/app/routes/admin/dados') },
                  { path: 'configuracoes', lazy: () => import('@/app/routes/admin/configuracoes') },
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

export const routerFuture = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_skipActionErrorRevalidation: true,
} as const;

export function createAppRouter() {
  return createBrowserRouter(routes, { future: routerFuture });
}
