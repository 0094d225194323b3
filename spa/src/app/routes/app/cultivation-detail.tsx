import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { Flash, Notice } from '@/components/ui/flash';
import { SproutIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/query-states';
import { PageLoader } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/errors';
import { useGroup } from '@/features/groups/api/groups';
import { useCultivo } from '@/features/cultivos/api/cultivos';
import { cultivoHref } from '@/features/cultivos/components/cultivo-card';
import { CultivoDetail } from '@/features/cultivos/components/cultivo-detail';
import { Composer } from '@/features/feed/components/composer';
import { PostList } from '@/features/feed/components/post-list';

/** /cultivos/{id} and /grupos/{gid}/cultivos/{cid}: the same detail. */
export function Component() {
  const { cultivationId = '', groupId } = useParams();
  const query = useCultivo(cultivationId);
  const gid = query.data?.grupoId ?? '';
  const group = useGroup(gid);
  const [message, setMessage] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <>
        <PageHeader title="Cultivo" />
        <PageLoader />
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
      <CultivoDetail cultivo={c} canCoordinate={canCoordinate} onMessage={setMessage} />
      <section className="card" aria-labelledby="cultivo-posts">
        <h2 id="cultivo-posts">Posts sobre este cultivo</h2>
        {c.pode.escrever && <Composer cultivoId={c.id} groupId={c.grupoId ?? undefined} />}
        <PostList source={{ kind: 'cultivo', id: c.id }} empty="Nenhum post sobre este cultivo ainda." />
      </section>
    </>
  );
}
