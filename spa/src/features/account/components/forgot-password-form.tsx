import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { InputField } from '@/components/ui/fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { loadPasswordActions } from '@/lib/auth/password-loader';
import '@/features/account/account.css';

const minSenha = 8;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Esqueci minha senha" with Cognito's code flow: the e-mail (Cognito sends a code), then the
 * code and the new password. onDone runs once the password is changed.
 */
export function ForgotPasswordForm({ initialEmail = '', onDone }: { initialEmail?: string; onDone: () => void }) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [senha, setSenha] = useState('');
  const [confirmar, setConfirmar] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; code?: string; senha?: string; confirmar?: string; form?: string }>({});

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!emailPattern.test(email.trim())) {
      setErrors({ email: 'Digite um email válido' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const actions = await loadPasswordActions();
      const result = await actions.requestPasswordCode(email);
      if (result.success) setStep('code');
      else setErrors({ form: result.error });
    } catch {
      setErrors({ form: 'Não foi possível enviar o código. Tente novamente.' });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!/^\d{4,8}$/.test(code.trim())) next.code = 'Digite o código que você recebeu por email';
    if (senha.length < minSenha) next.senha = 'A senha deve ter pelo menos 8 caracteres';
    else if (senha !== confirmar) next.confirmar = 'As senhas não coincidem';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const actions = await loadPasswordActions();
      const result = await actions.confirmPasswordCode(email, code, senha);
      if (result.success) {
        onDone();
        return;
      }
      if (result.error.startsWith('Código') || result.error.startsWith('O código')) setErrors({ code: result.error });
      else if (result.error.startsWith('A senha')) setErrors({ senha: result.error });
      else setErrors({ form: result.error });
    } catch {
      setErrors({ form: 'Não foi possível redefinir a senha. Tente novamente.' });
    }
    setBusy(false);
  }

  if (step === 'email') {
    return (
      <form className="forgot-form" onSubmit={sendCode} noValidate>
        <p>Digite o email da sua conta. Enviaremos um código para você criar uma nova senha.</p>
        <InputField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required value={email}
          onChange={(e) => setEmail(e.target.value)} placeholder="seu@email.com" error={errors.email} />
        <p className="form-error" role="alert">
          {errors.form}
        </p>
        <SubmitButton className="button button-primary button-block" busy={busy} busyLabel="Enviando...">
          Enviar código
        </SubmitButton>
        <p className="forgot-switch">
          Lembrou a senha? <Link to="/login">Entrar</Link>
        </p>
      </form>
    );
  }
  return (
    <form className="forgot-form" onSubmit={confirm} noValidate>
      <p role="status">
        Se houver uma conta com o email <strong>{email.trim()}</strong>, enviamos um código para ele. Digite o código e a nova
        senha.
      </p>
      <InputField label="Código" name="codigo" autoComplete="one-time-code" inputMode="numeric" maxLength={8} required value={code}
        onChange={(e) => setCode(e.target.value)} error={errors.code} />
      <InputField label="Nova senha" type="password" name="novaSenha" autoComplete="new-password" required value={senha}
        onChange={(e) => setSenha(e.target.value)} error={errors.senha} />
      <InputField label="Confirmar nova senha" type="password" name="confirmarSenha" autoComplete="new-password" required
        value={confirmar} onChange={(e) => setConfirmar(e.target.value)} error={errors.confirmar} />
      <p className="form-error" role="alert">
        {errors.form}
      </p>
      <SubmitButton className="button button-primary button-block" busy={busy} busyLabel="Salvando...">
        Redefinir senha
      </SubmitButton>
      <p className="forgot-switch">
        Não recebeu?{' '}
        <button type="button" className="link-button" onClick={() => void sendCode()} disabled={busy}>
          Reenviar código
        </button>
      </p>
    </form>
  );
}
