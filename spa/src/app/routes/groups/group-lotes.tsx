import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { isForbidden } from '@/lib/errors';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/flash';
import { SproutIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, FailureAlert } from '@/components/ui/query-states';
import { PageLoader } from '@/components/ui/spinner';
import { groupAccess } from '@/features/groups/access';
import { useGroup } from '@/features/groups/api/groups';
import { useMembers } from '@/features/groups/api/members';
import { GroupLoadError } from '@/features/groups/components/group-load-error';
import { sortLotes, useLoteRequests, useLotes } from '@/features/lotes/api/lotes';
import { BulkLotesDialog } from '@/features/lotes/components/bulk-lotes-dialog';
import { LoteDialog } from '@/features/lotes/components/lote-dialog';
import { LoteCultivos } from '@/features/cultivos/components/lote-cultivos';
import { LoteGrid, type LoteView } from '@/features/lotes/components/lote-grid';
import { LoteLegend } from '@/features/lotes/components/lote-legend';
import { PendingLoteRequests } from '@/features/lotes/components/pending-lote-requests';

const title = 'Lotes do grupo';

export function Component() {
  const { groupId = '' } = useParams();
  const { user, isAdmin } = useAuth();
  const group = useGroup(groupId);
  const detail = group.data;
  const access = groupAccess(detail?.meuPapel, isAdmin);
  const canRead = access.canReadInside;
  const canManage = access.canManageLotes;
  const lotes = useLotes(groupId, !!detail && canRead);
  const members = useMembers(groupId, canManage);
  const requests = useLoteRequests(groupId, canManage);
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');

  // Assigning needs every member in the select: read the remaining pages (at most 500 members).
  useEffect(() => {
    if (members.hasNextPage && !members.isFetchingNextPage && !members.isError) void members.fetchNextPage();
  }, [members]);

  // The grid is the garden's map: it shows every lote, so it reads page after page (100 lotes
  // each, at most 5) as soon as the one before arrives, drawing what it has meanwhile.
  useEffect(() => {
    if (lotes.hasNextPage && !lotes.isFetchingNextPage && !lotes.isError) void lotes.fetchNextPage();
  }, [lotes]);

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
        <GroupLoadError
          error={group.error}
          onRetry={() => void group.refetch()}
          icon={<SproutIcon />}
          ways={
            <Link className="button button-primary" to="/grupos">
              Meus Grupos
            </Link>
          }
        />
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
          onRetry={isForbidden(lotes.error) ? undefined : () => void lotes.refetch()}
        />
      </>
    );
  }

  const all = sortLotes(lotes.data ?? []);
  const pending = requests.data ?? [];
  const memberList = members.data ?? [];
  const myRequests = new Set(detail.meusPedidosLote);
  const views: LoteView[] = all.map((lote) => ({
    lote,
    mine: !!user && lote.responsavelId === user.id,
    requested: myRequests.has(lote.codigo),
    pedidos: canManage ? lote.pedidosPendentes : 0,
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
          <Link to={`/grupos/${gid}`} className="back-link">
            {detail.nome}
          </Link>
        }
        actions={
          canManage && (
            <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
              Criar lotes
            </button>
          )
        }
      />
      <Notice message={notice} />

      {all.length > 0 && <LoteLegend counts={counts} />}
      {canManage && <PendingLoteRequests requests={pending} onOpen={setOpen} />}
      {canManage && <FailureAlert result={requests} fallback="Não foi possível carregar os pedidos de lote." />}

      {all.length === 0 ? (
        <EmptyState icon={<SproutIcon />} title="Nenhum lote ainda">
          {canManage ? (
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
          {access.canRequestLotes && !canManage && counts.livre > 0 && detail.meusLotes.length === 0 && (
            <p className="muted">Escolha um lote livre para pedi-lo.</p>
          )}
          <LoteGrid lotes={views} onOpen={setOpen} />
          {lotes.hasNextPage && (
            <p className="muted" role="status">
              Carregando mais lotes...
            </p>
          )}
        </>
      )}

      {openLote && user && (
        <LoteDialog
          key={`${openLote.codigo}-${openLote.version}`}
          groupId={groupId}
          lote={openLote}
          userId={user.id}
          canRequest={access.canRequestLotes}
          canManage={canManage}
          requestedByMe={myRequests.has(openLote.codigo)}
          members={memberList}
          requests={pending.filter((r) => r.codigo === openLote.codigo)}
          cultivos={
            <LoteCultivos
              groupId={groupId}
              codigo={openLote.codigo}
              total={openLote.cultivosAtivos ?? 0}
              canStart={openLote.status === 'ocupado' && (openLote.responsavelId === user.id || canManage)}
            />
          }
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
      {creating && <BulkLotesDialog groupId={groupId} onClose={() => setCreating(false)} onDone={done} />}
    </>
  );
}
