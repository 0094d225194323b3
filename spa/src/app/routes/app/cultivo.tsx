import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { Flash, Notice } from '@/components/ui/flash';
import { SproutIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { isNotFound } from '@/lib/errors';
import { useGroup } from '@/features/groups/api/groups';
import { useCultivo } from '@/features/cultivos/api/cultivos';
import { cultivoHref } from '@/features/cultivos/components/cultivo-card';
import { CultivoDetail, queuedMessage } from '@/features/cultivos/components/cultivo-detail';

// The posts about the cultivo sit below its detail: their code (the feed's) comes after it, so a
// slow connection draws the cultivo first.
const CultivoPosts = lazy(() =>
  Promise.all([import('@/features/feed/components/composer'), import('@/features/feed/components/post-list')]).then(([composer, list]) => ({
    default: function CultivoPosts({ id, grupoId, write }: { id: string; grupoId?: string; write: boolean }) {
      return (
        <>
          {write && <composer.Composer cultivoId={id} groupId={grupoId} />}
          <list.PostList source={{ kind: 'cultivo', id }} empty="Nenhum post sobre este cultivo ainda." />
        </>
      );
    },
  })),
);

/** The page's shape while the cultivo is read: its header and the cards' outlines, not a bare spinner. */
function CultivoSkeleton() {
  return (
    <div className="page-grid cultivo-skeleton" aria-busy="true" data-testid="cultivo-skeleton">
      <p className="visually-hidden" role="status">
        Carregando o cultivo...
      </p>
      {['Situação', 'Colheitas', 'Diário', 'Sobre'].map((t) => (
        <section key={t} className="card skeleton-card" aria-hidden="true">
          <span className="skeleton-line skeleton-title" />
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-short" />
        </section>
      ))}
    </div>
  );
}

/** /cultivos/{id} and /grupos/{gid}/cultivos/{cid}: the same detail. */
export function Component() {
  const { cultivoId = '', groupId } = useParams();
  const query = useCultivo(cultivoId);
  const gid = query.data?.grupoId ?? '';
  const group = useGroup(gid);
  const [message, setMessage] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <>
        <PageHeader title="Cultivo" />
        <CultivoSkeleton />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title="Cultivo" />
        {isNotFound(query.error) ? (
          <EmptyState icon={<SproutIcon />} title="Cultivo não encontrado">
            <p>Este cultivo não existe ou você não tem acesso a ele.</p>
            <p className="actions-row">
              <Link className="button button-primary" to="/cultivos">
                Ver meus cultivos
              </Link>
            </p>
          </EmptyState>
        ) : (
          <ErrorState title="Não foi possível carregar o cultivo" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }
  const c = query.data;
  // One address per cultivo: a group's under the group, a personal one under /cultivos.
  if ((c.grupoId ?? undefined) !== groupId) return <Navigate to={cultivoHref(c)} replace />;
  const papel = group.data?.meuPapel;
  const canCoordinate = !c.pode.escrever && (papel === 'dono' || papel === 'coordenador');
  return (
    <>
      <PageHeader
        title={c.vegetalNome}
        subtitle={
          c.grupoId ? (
            <>
              <Link to={`/grupos/${encodeURIComponent(c.grupoId)}?aba=cultivos`}>{c.grupoNome}</Link>
              {c.loteCodigo ? ` · Lote ${c.loteCodigo}` : ''}
            </>
          ) : (
            'Horta pessoal'
          )
        }
      />
      <Flash />
      <Notice message={message} />
      <CultivoDetail
        cultivo={c}
        canCoordinate={canCoordinate}
        onMessage={setMessage}
        // "It waits in the queue" goes once nothing of this cultivo waits any more.
        onQueueEmpty={() => setMessage((m) => (m === queuedMessage ? null : m))}
      />
      <section className="card" aria-labelledby="cultivo-posts">
        <h2 id="cultivo-posts">Posts sobre este cultivo</h2>
        <Suspense fallback={<SectionLoader label="Carregando posts..." />}>
          <CultivoPosts id={c.id} grupoId={c.grupoId ?? undefined} write={c.pode.escrever} />
        </Suspense>
      </section>
    </>
  );
}
