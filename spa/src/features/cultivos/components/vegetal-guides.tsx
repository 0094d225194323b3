import { lazy, Suspense } from 'react';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { useVegetalGuides } from '@/features/cultivos/api/catalog';
import '@/features/cultivos/cultivos.css';

const GuideMarkdown = lazy(() => import('@/components/ui/markdown'));

/** One guide: its title, then its text once the Markdown renderer has loaded. */
export function GuideArticle({ guide }: { guide: { id: string; titulo: string; corpo: string } }) {
  return (
    <article className="guide" aria-labelledby={`guia-${guide.id}`}>
      <h3 id={`guia-${guide.id}`}>{guide.titulo}</h3>
      <Suspense fallback={<SectionLoader label="Carregando guia..." />}>
        <GuideMarkdown text={guide.corpo} />
      </Suspense>
    </article>
  );
}

/** The guides of a cultivo's vegetable; nothing when it has none. */
export function VegetalGuides({ vegetalId }: { vegetalId: string }) {
  const guides = useVegetalGuides(vegetalId);
  if (guides.isPending) return <SectionLoader label="Carregando guias..." />;
  if (guides.isError) return <ErrorState title="Não foi possível carregar os guias" error={guides.error} onRetry={() => void guides.refetch()} />;
  if (guides.data.length === 0) return null;
  return (
    <div className="vegetal-guides">
      {guides.data.map((g) => (
        <GuideArticle key={g.id} guide={g} />
      ))}
      <LoadMore hasNextPage={guides.hasNextPage} isFetchingNextPage={guides.isFetchingNextPage} fetchNextPage={guides.fetchNextPage} />
    </div>
  );
}
