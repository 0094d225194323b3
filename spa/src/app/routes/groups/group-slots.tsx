import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/spinner';
import { SproutIcon } from '@/components/ui/icons';
import { useGroup } from '@/features/groups/api/groups';
import { useLoteRequests, useLotes } from '@/features/groups/api/lotes';
import { useMembers } from '@/features/groups/api/members';
import { BulkLotesDialog } from '@/features/groups/components/lotes/bulk-lotes-dialog';
import { LoteDialog } from '@/features/groups/components/lotes/lote-dialog';
import { LoteGrid, type LoteView } from '@/features/groups/components/lotes/lote-grid';
import { ErrorState } from '@/features/groups/components/query-states';
import { errorMessage, isNotFound } from '@/features/groups/errors';
import { formatDateTime, plural } from '@/features/groups/labels';
import { ApiError } from '@/lib/api-client';
import '@/features/groups/groups.css';

const title = 'Lotes do grupo';

export function Component() {
  const { groupId = '' } = useParams();
  const { user, isAdmin } = useAuth();
  const group = useGroup(groupId);
  const detail = group.data;
  const isMember = !!detail?.meuPapel;
  const isManager = detail?.meuPapel === 'dono' || detail?.meuPapel === 'coordenador';
  const canRead = isMember || isAdmin;
  const lotes = useLotes(groupId, !!detail && canRead);
  const members = useMembers(groupId, isManager);
  const requests = useLoteRequests(groupId, isManager);
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');

  // Assigning needs every member in the select: read the remaining pages (at most 500 members).
  useEffect(() => {
    if (members.hasNextPage && !members.isFetchingNextPage && !members.isError) void members.fetchNextPage();
  }, [members]);

  const gid = encodeURIComponent(groupId);
  const back = (
    <Link className="button button-secondary" to={`/grupos/${gid}`}>
      Voltar ao grupo
    </Link>
  );

  if (group.isPending || (canRead && lotes.isPending)) {
    return (
      <>
        <PageHeader title={title} />
        <PageLoader />
      </>
    );
  }
  if (group.isError) {
    return (
      <>
        <PageHeader title={title} />
        {isNotFound(group.error) ? (
          <EmptyState icon={<SproutIcon />} title="Grupo não encontrado">
            <p>Este grupo não existe, foi excluído ou é privado.</p>
            <p className="actions-row">
              <Link className="button button-primary" to="/grupos">
                Meus Grupos
              </Link>
            </p>
          </EmptyState>
        ) : (
          <ErrorState title="Não foi possível carregar o grupo" error={group.error} onRetry={() => void group.refetch()} />
        )}
      </>
    );
  }
  if (!detail) return null;
  if (!canRead) {
    return (
      <>
        <PageHeader title={title} subtitle={detail.nome} />
        <EmptyState icon={<SproutIcon />} title="Só membros veem os lotes">
          <p>Participe do grupo {detail.nome} para ver e pedir lotes.</p>
          <p className="actions-row">
            <Link className="button button-primary" to={`/grupos/${gid}`}>
              Ver o grupo
            </Link>
          </p>
        </EmptyState>
      </>
    );
  }
  if (lotes.isError) {
    return (
      <>
        <PageHeader title={title} subtitle={detail.nome} actions={back} />
        <ErrorState
          title="Não foi possível carregar os lotes"
          error={lotes.error}
          onRetry={lotes.error instanceof ApiError && lotes.error.status === 403 ? undefined : () => void lotes.refetch()}
        />
      </>
    );
  }

  const all = lotes.data?.items ?? [];
  const pending = requests.data?.pages.flatMap((p) => p.items) ?? [];
  const memberList = members.data?.pages.flatMap((p) => p.items) ?? [];
  const myRequests = new Set(detail.meusPedidosLote);
  const views: LoteView[] = all.map((lote) => ({
    lote,
    mine: !!user && lote.responsavelId === user.id,
    requested: myRequests.has(lote.codigo),
    pedidos: isManager ? lote.pedidosPendentes : 0,
  }));
  const counts = detail.lotes;
  const openLote = open ? all.find((l) => l.codigo === open) : undefined;

  function done(message: string) {
    setNotice(message);
    setOpen(null);
    setCreating(false);
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          <Link to={`/grupos/${gid}`} className="groups-back-link">
            {detail.nome}
          </Link>
        }
        actions={
          isManager && (
            <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
              Criar lotes
            </button>
          )
        }
      />
      <p className={notice ? 'groups-flash' : 'visually-hidden'} role="status">
        {notice}
      </p>

      {all.length > 0 && (
        <ul className="lote-legend" aria-label="Resumo dos lotes">
          <li>
            <span className="lote-swatch lote-livre" aria-hidden="true" /> {plural(counts.livre, 'livre', 'livres')}
          </li>
          <li>
            <span className="lote-swatch lote-ocupado" aria-hidden="true" /> {plural(counts.ocupado, 'ocupado', 'ocupados')}
          </li>
          <li>
            <span className="lote-swatch lote-manutencao" aria-hidden="true" /> {counts.manutencao} em manutenção
          </li>
        </ul>
      )}

      {isManager && pending.length > 0 && (
        <section className="card lote-requests" aria-labelledby="pedidos-lote">
          <h2 id="pedidos-lote">Pedidos de lote ({pending.length})</h2>
          <ul>
            {pending.map((r) => (
              <li key={`${r.codigo}-${r.userId}`}>
                <button type="button" className="link-button" onClick={() => setOpen(r.codigo)}>
                  {r.nome} pediu o lote {r.codigo}
                </button>
                <span className="muted"> · {formatDateTime(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {isManager && requests.isError && (
        <p className="form-error" role="alert">
          {errorMessage(requests.error, 'Não foi possível carregar os pedidos de lote.')}
        </p>
      )}

      {all.length === 0 ? (
        <EmptyState icon={<SproutIcon />} title="Nenhum lote ainda">
          {isManager ? (
            <>
              <p>Divida a horta em lotes (por exemplo A1 a A12) para os membros pedirem e cuidarem.</p>
              <p className="actions-row">
                <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
                  Criar lotes
                </button>
              </p>
            </>
          ) : (
            <p>Os coordenadores ainda não dividiram a horta em lotes.</p>
          )}
        </EmptyState>
      ) : (
        <>
          {isMember && !isManager && counts.livre > 0 && detail.meusLotes.length === 0 && (
            <p className="muted">Toque em um lote livre para pedi-lo.</p>
          )}
          <LoteGrid lotes={views} onOpen={setOpen} />
        </>
      )}

      {openLote && user && (
        <LoteDialog
          key={`${openLote.codigo}-${openLote.version}`}
          groupId={groupId}
          lote={openLote}
          userId={user.id}
          isMember={isMember}
          isManager={isManager}
          requestedByMe={myRequests.has(openLote.codigo)}
          members={memberList}
          requests={pending.filter((r) => r.codigo === openLote.codigo)}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
      {creating && <BulkLotesDialog groupId={groupId} onClose={() => setCreating(false)} onDone={done} />}
    </>
  );
}
