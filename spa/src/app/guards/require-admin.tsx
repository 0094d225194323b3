import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';

/** Said on /dashboard to someone sent there from /admin. */
export const adminOnlyNotice = 'O Painel Admin é só para administradores do Verde. Se você precisa de acesso, peça a um administrador.';

/** Admins only (Cognito group `admin`); everyone else goes to /dashboard, told why. Sits inside RequireAuth. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/dashboard" replace state={{ aviso: adminOnlyNotice }} />;
  return <Outlet />;
}
