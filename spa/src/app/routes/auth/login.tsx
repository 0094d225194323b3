import { useCallback, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { redirectReturnTo } from '@/lib/auth/redirect-result';
import { returnPathFrom, signInReasonFrom, takeSignInNotice } from '@/lib/return-path';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(location.state);
  // Taken only by a page a signed-out visitor sees (not by one about to send a member on).
  const [notice] = useState(() => (user || loading ? null : takeSignInNotice()));
  const reason = signInReasonFrom(location.state) ?? notice;
  const onSuccess = useCallback((path: string) => navigate(path, { replace: true }), [navigate]);

  if (loading) return <FullScreenSpinner />;
  if (user) return <Navigate to={redirectReturnTo() ?? returnTo} replace />;
  return (
    <AuthLayout title="Entrar na sua conta" subtitle="Entre com seu email ou Google para continuar" notice={reason}>
      <LoginForm returnTo={returnTo} onSuccess={onSuccess} />
    </AuthLayout>
  );
}
