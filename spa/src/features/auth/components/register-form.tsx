import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { InputField } from '@/components/ui/fields';
import { authMessages, minPasswordLength, validateRegistration, type AuthField } from '@/features/auth/validation';
import { Divider, GoogleButton } from '@/features/auth/components/google-button';
import { FormError } from '@/features/auth/components/form-error';
import { useGoogleSignIn, type AuthFormBusy, type AuthFormError } from '@/features/auth/hooks/use-google-sign-in';
import { SubmitButton } from '@/components/ui/submit-button';

export function RegisterForm({ returnTo, onSuccess }: { returnTo: string; onSuccess: (path: string) => void }) {
  const auth = useAuth();
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState<AuthFormBusy>('idle');
  const [error, setError] = useState<AuthFormError>(null);
  // An e-mail that already has an account: the form's message stays; the ways in follow it.
  const [taken, setTaken] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmPasswordRef = useRef<HTMLInputElement>(null);

  const set = (field: AuthField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'idle') return;
    const invalid = validateRegistration(values);
    if (invalid) {
      setError(invalid);
      const refs = { name: nameRef, email: emailRef, password: passwordRef, confirmPassword: confirmPasswordRef };
      refs[invalid.field].current?.focus();
      return;
    }
    setError(null);
    setBusy('email');
    const result = await auth.register(values.name, values.email, values.password);
    if (result.success) {
      onSuccess(returnTo);
      return;
    }
    setBusy('idle');
    setError({ message: authMessages.registerFailed });
    setTaken('code' in result && result.code === 'UsernameExistsException');
  }

  const handleGoogle = useGoogleSignIn({
    returnTo, onSuccess, busy, setBusy, setError,
    failureMessage: () => authMessages.googleRegisterFailed,
  });

  const errorId = 'register-error';
  const disabled = busy !== 'idle';
  // What every field of the form has besides its ref: its name, its value and the form's error.
  const field = (name: AuthField) => ({
    name,
    required: true,
    value: values[name],
    onChange: set(name),
    invalid: error?.field === name,
    errorId,
  });
  return (
    <>
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <InputField ref={nameRef} {...field('name')} label="Nome completo" autoComplete="name" placeholder="Seu nome" />
        <InputField ref={emailRef} {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />
        <InputField
          ref={passwordRef}
          {...field('password')}
          label="Senha"
          type="password"
          autoComplete="new-password"
          minLength={minPasswordLength}
          hint={`Pelo menos ${minPasswordLength} caracteres`}
        />
        <InputField ref={confirmPasswordRef} {...field('confirmPassword')} label="Confirmar senha" type="password" autoComplete="new-password" />
        <FormError id={errorId} message={error?.message ?? null} />
        {taken && error && (
          <p className="auth-taken">
            Este e-mail já tem uma conta:{' '}
            <Link to="/login" state={returnTo !== '/dashboard' ? { from: returnTo } : undefined}>
              Entrar
            </Link>{' '}
            ou <Link to="/esqueci-senha">Esqueci minha senha</Link>
          </p>
        )}
        <SubmitButton className="button button-primary button-block" busy={busy === 'email'} busyLabel="Criando conta..." disabled={disabled}>
          Criar conta
        </SubmitButton>
      </form>
      <Divider text="Ou registre-se com" />
      <GoogleButton onClick={() => void handleGoogle()} disabled={disabled} busy={busy === 'google'} label="Registrar com Google" />
      <p className="auth-switch">
        Já tem uma conta? <Link to="/login" state={returnTo !== '/dashboard' ? { from: returnTo } : undefined}>Entrar</Link>
      </p>
    </>
  );
}
