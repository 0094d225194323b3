import { useEffect, useState, type FormEvent } from 'react';
import { InputField } from '@/components/ui/fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { Notice } from '@/components/ui/flash';
import { useAuth } from '@/lib/auth/auth-context';
import { loadMfaActions } from '@/lib/auth/mfa-loader';
import { TotpQr } from '@/features/account/components/totp-qr';
import '@/features/account/account.css';

type State = { status: 'loading' } | { status: 'error' } | { status: 'off' } | { status: 'setup'; secret: string; uri: string } | { status: 'on' };

/**
 * "Verificação em duas etapas": an authenticator app (TOTP) as the account's second step at
 * sign-in, for every member; site admins need it before the admin panel opens.
 */
export function MfaSection({ tipo }: { tipo: 'email' | 'google' }) {
  const auth = useAuth();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (tipo === 'google') return;
    let live = true;
    loadMfaActions()
      .then((a) => a.totpEnabled())
      .then((on) => live && setState({ status: on ? 'on' : 'off' }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [tipo]);

  async function start() {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const a = await loadMfaActions();
      const { secret, uri } = await a.startTotp(auth.userData?.email ?? auth.user?.email ?? 'Verde');
      setState({ status: 'setup', secret, uri });
    } catch {
      setError('Não foi possível começar. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError('Digite os 6 dígitos que o aplicativo mostra');
      return;
    }
    setBusy(true);
    const result = await (await loadMfaActions()).confirmTotp(code);
    setBusy(false);
    if (!result.success) {
      setError(result.error);
      return;
    }
    setCode('');
    setError(null);
    setState({ status: 'on' });
    setNotice('Verificação em duas etapas ativada. Na próxima entrada, o Verde pedirá o código do aplicativo.');
  }

  async function disable() {
    setBusy(true);
    const result = await (await loadMfaActions()).disableTotp();
    setBusy(false);
    if (!result.success) {
      setError(result.error);
      return;
    }
    setState({ status: 'off' });
    setNotice('Verificação em duas etapas desativada.');
  }

  return (
    <section className="card settings-section" aria-labelledby="config-mfa">
      <h2 id="config-mfa">Verificação em duas etapas</h2>
      {tipo === 'google' ? (
        <p>Você entra com sua Conta Google: ative a verificação em duas etapas na sua Conta Google.</p>
      ) : (
        <>
          <p>
            Além da senha, o Verde pede um código de 6 dígitos de um aplicativo autenticador (Google Authenticator, Microsoft
            Authenticator, Aegis…). Administradores precisam dela para usar o painel de administração.
          </p>
          <Notice message={notice} />
          {state.status === 'loading' && <p>Carregando...</p>}
          {state.status === 'error' && <p role="alert">Não foi possível ler sua configuração. Recarregue a página.</p>}
          {state.status === 'off' && (
            <button type="button" className="button button-primary" onClick={() => void start()} disabled={busy}>
              Ativar verificação em duas etapas
            </button>
          )}
          {state.status === 'setup' && (
            <form onSubmit={confirm} noValidate>
              <p>Escaneie o código QR com o aplicativo autenticador:</p>
              <TotpQr uri={state.uri} />
              <p>
                Ou adicione uma conta com esta chave (ou <a href={state.uri}>abra este endereço no celular</a>):
              </p>
              <p className="mfa-secret">
                <code aria-label="Chave do aplicativo autenticador">{state.secret}</code>
              </p>
              <InputField
                label="Código do aplicativo"
                name="totp"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={error ?? undefined}
              />
              <SubmitButton className="button button-primary" busy={busy} busyLabel="Confirmando...">
                Confirmar
              </SubmitButton>
            </form>
          )}
          {state.status === 'on' && (
            <>
              <p>Ativada: ao entrar, o Verde pede o código do seu aplicativo.</p>
              <button type="button" className="button button-secondary" onClick={() => void disable()} disabled={busy}>
                Desativar
              </button>
            </>
          )}
          {error && state.status !== 'setup' && <p role="alert">{error}</p>}
        </>
      )}
    </section>
  );
}
