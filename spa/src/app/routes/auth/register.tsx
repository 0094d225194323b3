import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { returnPathFrom, signInReasonFrom } from '@/lib/return-path';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export function Component() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(location.state);
  const reason = signInReasonFrom(location.state);
  const onSuccess = useCallback((path: string) => navigate(path, { replace: true }), [navigate]);

  if (loading) return <FullScreenSpinner />;
  if (user) return <Navigate to={returnTo} replace />;
  return (
    <AuthLayout heading="Junte-se ao Verde" title="Criar sua conta" subtitle="Preencha os dados para começar" notice={reason}>
      <RegisterForm returnTo={returnTo} onSuccess={onSuccess} />
    </AuthLayout>
  );
}
