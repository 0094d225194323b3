import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageQueryState, SectionLoader } from '@/components/ui/query-states';
import { useGuide } from '@/features/cultivos/api/catalog';
import '@/features/cultivos/cultivos.css';

const GuideMarkdown = lazy(() => import('@/components/ui/markdown'));

/** One guide, readable signed out. */
export function Component() {
  const { guiaId = '' } = useParams();
  const query = useGuide(guiaId);
  return (
    <PageQueryState query={query} title="Guia" loader="Carregando guia..." errorTitle="Não foi possível carregar este guia" errorActions={
        <Link className="button button-secondary" to="/guias">
          Ver todos os guias
        </Link>
      }>
      {(data) => {
        const g = data;
        return (
          <>
            <PageHeader
              title={g.titulo}
              actions={
                <Link className="button button-secondary" to="/guias">
                  Todos os guias
                </Link>
              }
            />
            <article className="card guide">
              <Suspense fallback={<SectionLoader label="Carregando guia..." />}>
                <GuideMarkdown text={g.corpo} />
              </Suspense>
              {g.vegetais.length > 0 && (
                <p className="cultivo-meta">
                  Veja também:{' '}
                  {g.vegetais.map((id, i) => (
                    <span key={id}>
                      {i > 0 && ', '}
                      <Link to={`/hortalicas/${encodeURIComponent(id)}`}>{id}</Link>
                    </span>
                  ))}
                </p>
              )}
            </article>
          </>
        );
      }}
    </PageQueryState>
  );
}
