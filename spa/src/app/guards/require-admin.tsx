import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';

/** Admins only (Cognito group `admin`); everyone else goes to /dashboard. Sits inside RequireAuth. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
