import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';

/** /esqueci-senha: "Esqueci minha senha" from /login (Cognito's code flow). */
export function Component() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { email?: unknown } | null;
  const initialEmail = typeof state?.email === 'string' ? state.email : '';
  if (loading) return <FullScreenSpinner />;
  if (user) return <Navigate to="/configuracoes" replace />;
  return (
    <AuthLayout title="Esqueci minha senha" subtitle="Crie uma nova senha com um código enviado para o seu email">
      <ForgotPasswordForm
        initialEmail={initialEmail}
        onDone={() => navigate('/login', { replace: true, state: { motivo: 'Senha alterada. Entre com a nova senha.' } })}
      />
    </AuthLayout>
  );
}
