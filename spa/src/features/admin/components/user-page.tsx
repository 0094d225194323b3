import { useState, type FormEvent } from 'react';
import { Fact } from '@/components/ui/fact';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InputField, TextAreaField } from '@/components/ui/fields';
import { PageHeader } from '@/components/ui/page-header';
import { PointsLedger } from '@/components/ui/points-ledger';
import { ErrorState, QueryState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAuth } from '@/lib/auth/auth-context';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useAdjustPoints, useAdminUser, useLedger, useSetAdminRole, useSetDisabled } from '@/features/admin/api/users';
import type { UsuarioAdmin } from '@/types/api';
import '@/features/admin/admin.css';

/** /admin/usuarios/:userId: a member's profile, groups, counts and ledger, and the account actions. */
export function UserPage({ id }: { id: string }) {
  const user = useAdminUser(id);
  if (user.isPending)
    return (
      <>
        <PageHeader title="Membro" />
        <SectionLoader label="Carregando membro..." />
      </>
    );
  if (user.isError)
    return (
      <>
        <PageHeader title="Membro" />
        <ErrorState title="Não foi possível carregar o membro" error={user.error} onRetry={() => void user.refetch()}>
          <p>
            <Link to="/admin/usuarios">Voltar à busca</Link>
          </p>
        </ErrorState>
      </>
    );
  return <Member u={user.data} />;
}

function Member({ u }: { u: UsuarioAdmin }) {
  const me = useAuth();
  const self = me.userData?.id === u.id;
  const [confirm, setConfirm] = useState<'admin' | 'status' | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const role = useSetAdminRole(u.id);
  const status = useSetDisabled(u.id);
  return (
    <>
      <p>
        <Link to="/admin/usuarios">← Usuários</Link>
      </p>
      <div className="user-head">
        <Avatar name={u.nome} photo={u.foto} size={64} />
        <PageHeader title={u.nome} subtitle={`${u.email} · membro desde ${formatDate(u.dataCadastro)}`} />
      </div>
      <p>
        {u.admin && <span className="tag tag-admin">Administrador</span>} {u.desativado && <span className="tag tag-off">Conta desativada</span>}
      </p>
      <p className="visually-hidden" role="status">
        {flash}
      </p>
      {flash && <p className="flash">{flash}</p>}
      <dl className="card user-stats" aria-label="Números do membro">
        <Fact label="Pontos">{u.pontosTotais}</Fact>
        <Fact label="Nível">{u.nivel}</Fact>
        <Fact label="Grupos">{u.contagens.grupos}</Fact>
        <Fact label="Cultivos">{u.contagens.cultivos}</Fact>
        <Fact label="Colheitas">{u.contagens.colheitas}</Fact>
        <Fact label="Colhido">{u.contagens.colheitaKg.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} kg</Fact>
        <Fact label="Conquistas">{u.contagens.conquistas}</Fact>
      </dl>
      <div className="user-sections">
        <section className="card" aria-labelledby="sec-conta">
          <h2 id="sec-conta">Conta</h2>
          <p className="muted">{u.cidade ? `${u.cidade}/${u.uf}` : 'Cidade não informada'}</p>
          {u.bio && <p>{u.bio}</p>}
          <div className="button-row">
            <button type="button" className="button button-secondary" disabled={self && u.admin} onClick={() => setConfirm('admin')}>
              {u.admin ? 'Retirar acesso de administrador' : 'Tornar administrador'}
            </button>
            <button type="button" className={`button ${u.desativado ? 'button-secondary' : 'button-danger-outline'}`} disabled={self} onClick={() => setConfirm('status')}>
              {u.desativado ? 'Reativar conta' : 'Desativar conta'}
            </button>
          </div>
          {self && <p className="muted">Você não pode desativar a sua própria conta nem retirar o seu acesso.</p>}
        </section>
        <AdjustForm id={u.id} nome={u.nome} onDone={setFlash} />
        <section className="card" aria-labelledby="sec-grupos">
          <h2 id="sec-grupos">Grupos</h2>
          {u.grupos.length === 0 ? (
            <p className="muted">Não participa de nenhum grupo.</p>
          ) : (
            <ul>
              {u.grupos.map((g) => (
                <li key={g.id}>
                  <Link to={`/grupos/${encodeURIComponent(g.id)}`}>{g.nome}</Link> <span className="muted">{g.cidade ? `· ${g.cidade}/${g.uf}` : ''}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Ledger id={u.id} />
      </div>
      {confirm === 'admin' && (
        <ConfirmDialog
          title={u.admin ? 'Retirar acesso de administrador' : 'Tornar administrador'}
          confirmLabel={u.admin ? 'Retirar acesso' : 'Tornar administrador'}
          busyLabel="Salvando..."
          mutation={role}
          danger={u.admin}
          reset
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            role.mutate(!u.admin, {
              onSuccess: (v) => {
                setConfirm(null);
                setFlash(v.admin ? `${v.nome} agora é administrador (vale a partir da próxima entrada).` : `${v.nome} não é mais administrador.`);
              },
            })
          }
        >
          <p>
            {u.admin
              ? `${u.nome} deixará de acessar o Painel Admin na próxima renovação da sessão (em até 15 minutos).`
              : `${u.nome} poderá acessar o Painel Admin e todas as suas ações, registradas no log de auditoria.`}
          </p>
        </ConfirmDialog>
      )}
      {confirm === 'status' && (
        <ConfirmDialog
          title={u.desativado ? 'Reativar conta' : 'Desativar conta'}
          confirmLabel={u.desativado ? 'Reativar' : 'Desativar'}
          busyLabel="Salvando..."
          mutation={status}
          danger={!u.desativado}
          reset
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            status.mutate(!u.desativado, {
              onSuccess: (v) => {
                setConfirm(null);
                setFlash(v.desativado ? `A conta de ${v.nome} foi desativada.` : `A conta de ${v.nome} foi reativada.`);
              },
            })
          }
        >
          <p>
            {u.desativado
              ? `${u.nome} poderá entrar de novo no Verde.`
              : `${u.nome} sairá de todas as sessões, não conseguirá entrar e o Verde recusará os pedidos da conta em até um minuto. Nada do que a pessoa publicou é apagado.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function AdjustForm({ id, nome, onDone }: { id: string; nome: string; onDone: (msg: string) => void }) {
  const [pontos, setPontos] = useState('');
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const adjust = useAdjustPoints(id);
  const server = serverErrors(adjust.error, ['pontos', 'motivo']);
  const shown = { ...server.fields, ...errors };

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(pontos);
    const errs: FieldErrors = {};
    if (pontos.trim() === '' || !Number.isInteger(n) || n === 0 || Math.abs(n) > 100000)
      errs.pontos = 'Informe os pontos a somar (positivo) ou tirar (negativo), entre -100000 e 100000, diferente de zero';
    const m = motivo.trim();
    if (m.length < 3 || m.length > 300) errs.motivo = 'Informe o motivo do ajuste (de 3 a 300 caracteres)';
    setErrors(errs);
    if (errs.pontos || errs.motivo) {
      document.getElementById(errs.pontos ? 'ajuste-pontos' : 'ajuste-motivo')?.focus();
      return;
    }
    adjust.mutate(
      { pontos: n, motivo: m },
      {
        onSuccess: (r) => {
          setPontos('');
          setMotivo('');
          onDone(`Pontos de ${nome} ajustados: agora ${r.pontosTotais} pontos, nível ${r.nivel}. O membro foi avisado.`);
        },
      },
    );
  }
  return (
    <section className="card" aria-labelledby="sec-ajuste">
      <h2 id="sec-ajuste">Ajustar pontos</h2>
      <form onSubmit={submit} noValidate>
        <InputField
          id="ajuste-pontos"
          label="Pontos"
          name="pontos"
          type="number"
          inputMode="numeric"
          step={1}
          hint="Positivo para somar, negativo para tirar"
          value={pontos}
          error={shown.pontos}
          onChange={(e) => setPontos(e.target.value)}
        />
        <TextAreaField id="ajuste-motivo" label="Motivo" name="motivo" rows={2} maxLength={300} value={motivo} error={shown.motivo} onChange={(e) => setMotivo(e.target.value)} />
        <p className="form-error" role="alert">
          {server.form}
        </p>
        <SubmitButton busy={adjust.isPending} busyLabel="Ajustando...">
          Ajustar pontos
        </SubmitButton>
      </form>
    </section>
  );
}

function Ledger({ id }: { id: string }) {
  const ledger = useLedger(id);
  const items = ledger.data ?? [];
  return (
    <section className="card" aria-labelledby="sec-extrato">
      <h2 id="sec-extrato">Extrato de pontos</h2>
      <QueryState
        query={ledger}
        loader="Carregando extrato..."
        errorTitle="Não foi possível carregar o extrato"
        empty={<p className="muted">Nenhum ponto ganho ainda.</p>}
      >
        {() => <PointsLedger items={items} />}
      </QueryState>
      <LoadMore hasNextPage={ledger.hasNextPage} isFetchingNextPage={ledger.isFetchingNextPage} fetchNextPage={ledger.fetchNextPage} />
    </section>
  );
}
