import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { useGuides, useHortalicas } from '@/features/cultivos/api/catalog';
import '@/features/cultivos/cultivos.css';

/** Every guide the admins wrote, each with the plants it covers. */
export function Component() {
  const guides = useGuides();
  const catalog = useHortalicas();
  const nameOf = (id: string) => catalog.data?.items.find((v) => v.id === id)?.nome ?? id;

  return (
    <>
      <PageHeader title="Guias" subtitle="Passo a passo de cultivo escrito pela equipe do Verde." />
      {guides.isPending && <SectionLoader label="Carregando guias..." />}
      {guides.isError && <ErrorState title="Não foi possível carregar os guias" error={guides.error} onRetry={() => void guides.refetch()} />}
      {guides.data && guides.data.length === 0 && (
        <EmptyState title="Nenhum guia ainda">
          <p>
            Enquanto isso, veja <Link to="/hortalicas">como cultivar cada hortaliça</Link>.
          </p>
        </EmptyState>
      )}
      {guides.data && guides.data.length > 0 && (
        <ul className="catalog-grid">
          {guides.data.map((g) => (
            <li key={g.id} className="card catalog-card">
              <h2 className="catalog-card-title">
                <Link to={`/guias/${encodeURIComponent(g.id)}`}>{g.titulo}</Link>
              </h2>
              {g.vegetais.length > 0 && (
                <p className="cultivo-meta">
                  Para:{' '}
                  {g.vegetais.map((id, i) => (
                    <span key={id}>
                      {i > 0 && ', '}
                      <Link to={`/hortalicas/${encodeURIComponent(id)}`}>{nameOf(id)}</Link>
                    </span>
                  ))}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={guides.hasNextPage} isFetchingNextPage={guides.isFetchingNextPage} fetchNextPage={guides.fetchNextPage} />
    </>
  );
}
