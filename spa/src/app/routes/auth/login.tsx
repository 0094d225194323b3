import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { redirectReturnTo } from '@/lib/auth/redirect-result';
import { returnPathFrom, signInReasonFrom } from '@/lib/return-path';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(location.state);
  const reason = signInReasonFrom(location.state);
  const onSuccess = useCallback((path: string) => navigate(path, { replace: true }), [navigate]);

  if (loading) return <FullScreenSpinner />;
  if (user) return <Navigate to={redirectReturnTo() ?? returnTo} replace />;
  return (
    <AuthLayout title="Entrar na sua conta" subtitle="Entre com seu email ou Google para continuar">
      {reason && (
        <p className="flash" role="status">
          {reason}
        </p>
      )}
      <LoginForm returnTo={returnTo} onSuccess={onSuccess} />
    </AuthLayout>
  );
}
