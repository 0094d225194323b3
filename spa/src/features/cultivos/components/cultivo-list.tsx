import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon } from '@/components/ui/icons';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { CultivoCard } from '@/features/cultivos/components/cultivo-card';
import type { Cultivo } from '@/types/api';

interface ListQuery {
  data?: Cultivo[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A cursor list of cultivo cards with its loading, empty and error states. */
export function CultivoList({ query, empty, showGroup = true }: { query: ListQuery; empty: ReactNode; showGroup?: boolean }) {
  if (query.isPending) return <SectionLoader label="Carregando cultivos..." />;
  if (query.isError) return <ErrorState title="Não foi possível carregar os cultivos" error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data ?? [];
  if (items.length === 0 && !query.hasNextPage) {
    return (
      <EmptyState icon={<SproutIcon />} title="Nenhum cultivo encontrado">
        {empty}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="cultivo-grid">
        {items.map((c) => (
          <li key={c.id}>
            <CultivoCard cultivo={c} showGroup={showGroup} />
          </li>
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}
