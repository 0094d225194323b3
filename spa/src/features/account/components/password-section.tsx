import { useState, type FormEvent } from 'react';
import { InputField } from '@/components/ui/fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { Notice } from '@/components/ui/flash';
import { loadPasswordActions } from '@/lib/auth/password-loader';
import '@/features/account/account.css';

const minSenha = 8;

/** Change password (e-mail accounts); a Google account is told where its password lives. */
export function PasswordSection({ tipo }: { tipo: 'email' | 'google' }) {
  const [atual, setAtual] = useState('');
  const [nova, setNova] = useState('');
  const [confirmar, setConfirmar] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ atual?: string; nova?: string; confirmar?: string; form?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const next: typeof errors = {};
    if (!atual) next.atual = 'Digite sua senha atual';
    if (nova.length < minSenha) next.nova = 'A senha deve ter pelo menos 8 caracteres';
    else if (nova !== confirmar) next.confirmar = 'As senhas não coincidem';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const actions = await loadPasswordActions();
      const result = await actions.changePassword(atual, nova);
      if (result.success) {
        setAtual('');
        setNova('');
        setConfirmar('');
        setNotice('Senha alterada.');
      } else if (result.error === 'Senha atual incorreta') {
        setErrors({ atual: result.error });
      } else {
        setErrors({ form: result.error });
      }
    } catch {
      setErrors({ form: 'Não foi possível alterar a senha. Tente novamente.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="config-senha">
      <h2 id="config-senha">Senha</h2>
      {tipo === 'google' ? (
        <p>
          Você entra no Verde com sua Conta Google, que não tem uma senha do Verde. Para mudar sua senha, acesse{' '}
          <a href="https://myaccount.google.com/security" target="_blank" rel="noreferrer">
            a segurança da sua Conta Google
          </a>
          .
        </p>
      ) : (
        <form className="settings-form" onSubmit={handleSubmit} noValidate>
          <InputField label="Senha atual" name="senhaAtual" type="password" autoComplete="current-password" value={atual}
            onChange={(e) => setAtual(e.target.value)} error={errors.atual} />
          <InputField label="Nova senha" name="novaSenha" type="password" autoComplete="new-password" value={nova}
            onChange={(e) => setNova(e.target.value)} error={errors.nova} hint="Pelo menos 8 caracteres" />
          <InputField label="Confirmar nova senha" name="confirmarSenha" type="password" autoComplete="new-password" value={confirmar}
            onChange={(e) => setConfirmar(e.target.value)} error={errors.confirmar} />
          <p className="form-error" role="alert">
            {errors.form}
          </p>
          <div className="actions-row">
            <SubmitButton busy={busy} busyLabel="Alterando...">
              Alterar senha
            </SubmitButton>
          </div>
          <Notice message={notice} />
        </form>
      )}
    </section>
  );
}
