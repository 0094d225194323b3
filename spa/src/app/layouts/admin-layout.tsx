import { Suspense, useEffect, useState } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
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

/** The API's refusal of an admin whose account has no two-step verification (field "mfa"). */
function isMfaRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.field === 'mfa';
}

/**
 * The server's message when an admin route refused the account for want of two-step
 * verification: whichever admin read says so first, the whole area shows it, with the way there.
 * It starts empty on each visit: the page's reads run again on mount, and answer anew once the
 * account has turned it on.
 */
function useMfaRefusal(): ApiError | null {
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && isMfaRefusal(event.query.state.error)) setRefusal(event.query.state.error);
      }),
    [client],
  );
  return refusal;
}

/** The admin area's frame: its own section navigation above the admin page. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const mfaRefusal = useMfaRefusal();
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
        {mfaRefusal ? (
          <section className="card" role="alert" aria-labelledby="admin-mfa">
            <h2 id="admin-mfa">Verificação em duas etapas necessária</h2>
            <p>{mfaRefusal.message}</p>
            <p>
              <Link to="/configuracoes" className="button button-primary">
                Ativar em Configurações
              </Link>
            </p>
          </section>
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        )}
      </div>
    </div>
  );
}
