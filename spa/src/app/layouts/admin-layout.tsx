import { Suspense } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/spinner';
import { TabNav } from '@/components/ui/tab-nav';

export const adminSections = [
  { path: '/admin', label: 'Visão geral' },
  { path: '/admin/vegetais', label: 'Vegetais' },
  { path: '/admin/banners', label: 'Banners' },
  { path: '/admin/usuarios', label: 'Usuários' },
  { path: '/admin/analytics', label: 'Analytics' },
  { path: '/admin/guias', label: 'Guias' },
  { path: '/admin/conquistas', label: 'Conquistas' },
  { path: '/admin/moderacao', label: 'Moderação' },
  { path: '/admin/dados', label: 'Dados' },
  { path: '/admin/configuracoes', label: 'Configurações' },
];

/**
 * The section at this address, a trailing slash aside: the side menu's rule (isCurrentPath in
 * shell/menu-items.ts), through the router's own matcher so the admin chunk does not pull in the
 * shell's menu module.
 */
function isCurrentSection(path: string, pathname: string): boolean {
  return matchPath({ path, caseSensitive: true, end: true }, pathname) !== null;
}

/** The admin area's frame: its own section navigation above the admin page. */
export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <div className="admin-layout">
      <div className="admin-banner">
        <span className="admin-banner-title">Painel Admin</span>
        <span className="tag tag-dev">Dev</span>
      </div>
      <TabNav
        label="Seções do painel admin"
        items={adminSections.map((section) => ({ to: section.path, label: section.label, current: isCurrentSection(section.path, pathname) }))}
      />
      <div className="admin-content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
