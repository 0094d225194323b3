import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { InputField } from '@/components/ui/fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { deleteAccount } from '@/features/account/api/account';
import type { AccountDeletion, Conta } from '@/types/api';
import '@/features/account/account.css';

const palavra = 'EXCLUIR';

const fases: Record<string, string> = {
  grupos: 'Saindo dos grupos',
  pedidos: 'Cancelando pedidos',
  cultivos: 'Removendo você dos cultivos',
  feed: 'Anonimizando publicações',
  idempotencia: 'Limpando registros',
  notificacoes: 'Tirando seu nome das notificações',
  dados: 'Apagando notificações e pontos',
  verificacao: 'Conferindo que nada ficou para trás',
  fotos: 'Apagando fotos',
  concluida: 'Conta excluída',
};

/**
 * "Excluir minha conta": a dono first transfers or deletes each group (listed with the way
 * there); then the word and, for an e-mail account, the password. The deletion runs in chunks
 * until done (a deletion under way resumes), then onDeleted signs out.
 */
export function DeleteAccountSection({ conta, onDeleted }: { conta: Conta; onDeleted: () => void }) {
  const [confirmacao, setConfirmacao] = useState('');
  const [senha, setSenha] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<AccountDeletion | null>(null);
  const [errors, setErrors] = useState<{ confirmacao?: string; senha?: string; form?: string }>({});
  const blocked = conta.gruposDono.length > 0;
  const needsPassword = conta.tipo === 'email' && !conta.exclusaoIniciada;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: typeof errors = {};
    if (confirmacao.trim().toUpperCase() !== palavra) next.confirmacao = 'Digite EXCLUIR para confirmar a exclusão da conta';
    if (needsPassword && !senha) next.senha = 'Digite sua senha para confirmar';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await deleteAccount({ confirmacao, ...(needsPassword ? { senha } : {}) }, setProgress);
      onDeleted();
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'senha' || err.field === 'confirmacao')) setErrors({ [err.field]: err.message });
      else setErrors({ form: errorMessage(err, 'Não foi possível excluir a conta. Tente novamente.') });
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section settings-danger" aria-labelledby="config-excluir">
      <h2 id="config-excluir">Excluir minha conta</h2>
      <p>
        Sua conta, seu perfil, sua horta pessoal (cultivos, diário, colheitas), suas participações em grupos, pedidos,
        lotes, notificações, pontos, denúncias e fotos serão apagados para sempre. Nos cultivos dos grupos ficam só as
        colheitas (quantidade e data), como &ldquo;Usuário removido&rdquo;; suas publicações e comentários ficam apenas
        como aviso de conteúdo de uma conta excluída, sem texto nem fotos. Baixe seus dados antes, se quiser guardá-los.
      </p>
      {blocked && (
        <div className="settings-blockers" role="note">
          <p>
            <strong>Antes de excluir a conta, transfira ou exclua os grupos de que você é dono:</strong>
          </p>
          <ul>
            {conta.gruposDono.map((g) => (
              <li key={g.id}>
                <span>{g.nome}</span>
                <Link className="button button-secondary button-small" to={`/grupos/${g.id}`}>
                  Transferir ou excluir
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {conta.exclusaoIniciada && <p className="flash">A exclusão da sua conta começou e não terminou. Confirme para concluir.</p>}
      <form className="settings-form" onSubmit={handleSubmit} noValidate>
        <InputField label={`Digite ${palavra} para confirmar`} name="confirmacao" autoComplete="off" value={confirmacao}
          maxLength={64} disabled={blocked || busy} onChange={(e) => setConfirmacao(e.target.value)} error={errors.confirmacao} />
        {needsPassword && (
          <InputField label="Sua senha" name="senhaExclusao" type="password" autoComplete="current-password" value={senha}
            maxLength={256} disabled={blocked || busy} onChange={(e) => setSenha(e.target.value)} error={errors.senha} />
        )}
        <p className="form-error" role="alert">
          {errors.form}
        </p>
        {progress && busy && (
          <div className="settings-progress" role="status">
            <progress value={progress.etapa} max={progress.etapas} aria-label="Progresso da exclusão" />
            <span>
              {fases[progress.fase] ?? 'Excluindo'}... etapa {progress.etapa} de {progress.etapas}
            </span>
          </div>
        )}
        <div className="actions-row">
          <SubmitButton className="button button-danger" busy={busy} busyLabel="Excluindo conta..." disabled={blocked}>
            Excluir minha conta
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
