import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { isRedirectInFlight } from '@/lib/auth/redirect-result';
import { openBlankPopup } from '@/lib/auth/google-popup-window';
import { InputField } from '@/components/ui/fields';
import { authMessages, isFreshLinkError, providerErrorText, validateLogin } from '@/features/auth/validation';
import { Divider, GoogleButton } from '@/features/auth/components/google-button';
import { FormError } from '@/features/auth/components/form-error';
import { useGoogleSignIn, type AuthFormBusy, type AuthFormError } from '@/features/auth/hooks/use-google-sign-in';
import { SubmitButton } from '@/components/ui/submit-button';

const linkRetryKey = 'verde.googleLinkRetry';

export function LoginForm({ returnTo, onSuccess }: { returnTo: string; onSuccess: (path: string) => void }) {
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<AuthFormBusy>(() => (isRedirectInFlight() ? 'google' : 'idle'));
  const [error, setError] = useState<AuthFormError>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const redirectChecked = useRef(false);
  // The account has an authenticator app: its code finishes the sign-in.
  const [totpStep, setTotpStep] = useState(false);
  const [totp, setTotp] = useState('');
  const totpRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (totpStep) totpRef.current?.focus();
  }, [totpStep]);

  // A Google redirect that brought the user back here: finish it, or show its error under the fields.
  useEffect(() => {
    if (redirectChecked.current) return;
    redirectChecked.current = true;
    void auth.getRedirectResult().then((result) => {
      if (result.success) {
        onSuccess(result.returnTo);
        return;
      }
      if (isFreshLinkError(result.error) && !sessionStorage.getItem(linkRetryKey)) {
        // Google was just linked to the user's existing account: sign in again, once.
        sessionStorage.setItem(linkRetryKey, '1');
        void auth.signInWithGoogle(returnTo, openBlankPopup());
        return;
      }
      sessionStorage.removeItem(linkRetryKey);
      setBusy('idle');
      if (result.error !== authMessages.noRedirectResult) {
        setError({ message: authMessages.googleLoginFailedPrefix + providerErrorText(result.error) });
      }
    });
  }, [auth, onSuccess, returnTo]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'idle') return;
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError(invalid);
      (invalid.field === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    setError(null);
    setBusy('email');
    const result = await auth.signIn(email, password);
    if (result.success) {
      onSuccess(returnTo);
      return;
    }
    setBusy('idle');
    if ('totpRequired' in result) {
      setTotpStep(true);
      return;
    }
    setError({ message: authMessages.loginFailed });
  }

  async function handleTotp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'idle') return;
    if (!/^\d{6}$/.test(totp.replace(/\s/g, ''))) {
      setError({ message: authMessages.totpInvalid });
      totpRef.current?.focus();
      return;
    }
    setError(null);
    setBusy('email');
    const result = await auth.confirmTotp(totp);
    if (result.success) {
      onSuccess(returnTo);
      return;
    }
    setBusy('idle');
    setError({ message: authMessages.totpFailed });
    totpRef.current?.focus();
  }

  const handleGoogle = useGoogleSignIn({
    returnTo, onSuccess, busy, setBusy, setError,
    failureMessage: (providerError) => authMessages.googleLoginFailedPrefix + providerErrorText(providerError),
  });

  const errorId = 'login-error';
  const disabled = busy !== 'idle';
  if (totpStep) {
    return (
      <form className="auth-form" onSubmit={handleTotp} noValidate>
        <p>Sua conta usa verificação em duas etapas. Digite o código de 6 dígitos do seu aplicativo autenticador.</p>
        <InputField
          ref={totpRef}
          label="Código do aplicativo autenticador"
          name="totp"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={totp}
          onChange={(e) => setTotp(e.target.value)}
          invalid={error !== null}
          errorId={errorId}
        />
        <FormError id={errorId} message={error?.message ?? null} />
        <SubmitButton className="button button-primary button-block" busy={busy === 'email'} busyLabel="Entrando..." disabled={disabled}>
          Confirmar
        </SubmitButton>
      </form>
    );
  }
  return (
    <>
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <InputField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="seu@email.com"
          invalid={error?.field === 'email'}
          errorId={errorId}
        />
        <InputField
          ref={passwordRef}
          label="Senha"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={error?.field === 'password' || error?.message === authMessages.loginFailed}
          errorId={errorId}
        />
        <FormError id={errorId} message={error?.message ?? null} />
        <p className="auth-forgot">
          <Link to="/esqueci-senha" state={email.trim() ? { email: email.trim() } : undefined}>
            Esqueci minha senha
          </Link>
        </p>
        <SubmitButton className="button button-primary button-block" busy={busy === 'email'} busyLabel="Entrando..." disabled={disabled}>
          Entrar
        </SubmitButton>
      </form>
      <Divider text="Ou continue com" />
      <GoogleButton onClick={() => void handleGoogle()} disabled={disabled} busy={busy === 'google'} label="Entrar com Google" />
      <p className="auth-switch">
        Não tem uma conta? <Link to="/registro" state={returnTo !== '/dashboard' ? { from: returnTo } : undefined}>Criar conta</Link>
      </p>
    </>
  );
}
