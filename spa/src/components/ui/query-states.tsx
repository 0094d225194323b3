import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';

/** A read that failed: its message, and a way to try again. */
export function ErrorState({ title, error, onRetry, children }: { title: string; error: unknown; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div role="alert">
      <EmptyState title={title}>
        <p>{errorMessage(error, 'Não foi possível carregar. Tente novamente.')}</p>
        {(onRetry || children) && (
          <p className="actions-row">
            {onRetry && (
              <button type="button" className="button button-secondary" onClick={onRetry}>
                Tentar novamente
              </button>
            )}
            {children}
          </p>
        )}
      </EmptyState>
    </div>
  );
}

/** 'Carregar mais' under a cursor-paginated list; says so while the next page loads. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="load-more">
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
      >
        {isFetchingNextPage && <Spinner size="sm" />}
        {isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
      </button>
    </div>
  );
}

/** A small inline loader for a section inside a page. */
export function SectionLoader({ label = 'Carregando...' }: { label?: string }) {
  return (
    <p className="section-loader" role="status">
      <Spinner size="sm" />
      {label}
    </p>
  );
}
