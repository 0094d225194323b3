import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { PublicShell } from '@/app/layouts/public-shell';
import { MainLayout } from '@/app/layouts/main-layout';

/**
 * The frame of the public catalogue (/hortalicas, /guias): a member reads it inside the
 * signed-in shell (side menu, bell), a visitor inside the public frame with a way in.
 */
export function Component() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenSpinner />;
  if (user) return <MainLayout />;
  return (
    <PublicShell
      actions={
        <>
          <Link to="/hortalicas">Hortaliças</Link>
          <Link to="/guias">Guias</Link>
          <Link className="button button-secondary" to="/login" state={{ from: location.pathname }}>
            Entrar
          </Link>
        </>
      }
    >
      <Outlet />
    </PublicShell>
  );
}
