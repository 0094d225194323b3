import type { ReactNode } from 'react';
import { BusyButton } from '@/components/ui/submit-button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';

/**
 * A write (or a read) that failed, once it has: its message (`fallback` when the server gave
 * none) as an alert, a paragraph under a section or a form, or `inline` next to its control.
 */
export function FailureAlert({ result, fallback, inline }: { result: { isError: boolean; error: unknown }; fallback?: string; inline?: boolean }) {
  if (!result.isError) return null;
  const message = errorMessage(result.error, fallback);
  return inline ? (
    <span className="field-error" role="alert">
      {message}
    </span>
  ) : (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

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

/** What QueryState reads of a react-query result (a useQuery or a useCursorList). */
interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A read's states in a section: `loader` while it loads, then its error (errorTitle, and Tentar
 * novamente), then `empty` when the data is an empty list, else `children` with the data.
 */
export function QueryState<T>({
  query,
  loader,
  errorTitle,
  emptyTitle,
  emptyText,
  empty = emptyTitle !== undefined && (
    <EmptyState title={emptyTitle}>
      <p>{emptyText}</p>
    </EmptyState>
  ),
  isEmpty,
  children,
}: {
  query: Read<T>;
  /** What shows while it loads: a SectionLoader with this label, or this node. */
  loader: ReactNode;
  errorTitle: string;
  /** What shows for no data; `emptyTitle` and `emptyText` make it an EmptyState with one paragraph. */
  empty?: ReactNode;
  emptyTitle?: string;
  emptyText?: ReactNode;
  /** Whether to show `empty`; by default, when the data is an empty list. */
  isEmpty?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return typeof loader === 'string' ? <SectionLoader label={loader} /> : loader;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (empty !== undefined && empty !== false && (isEmpty ?? (Array.isArray(data) && data.length === 0))) return empty;
  return children(data);
}

/**
 * A page's read: until it is there, `before` (a back link) and the page's header (title) over
 * `loader` (a SectionLoader's label, or a node) or over its error (`error`, or an ErrorState with
 * errorTitle, Tentar novamente and `errorActions`); then `children` with the data.
 */
export function PageQueryState<T>({
  query,
  title,
  before,
  loader,
  errorTitle = '',
  errorActions,
  error,
  children,
}: {
  query: Read<T>;
  title: string;
  before?: ReactNode;
  loader: ReactNode;
  errorTitle?: string;
  errorActions?: ReactNode;
  error?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (!query.isPending && !query.isError) return children(query.data as T);
  return (
    <>
      {before}
      <PageHeader title={title} />
      {query.isPending
        ? typeof loader === 'string'
          ? <SectionLoader label={loader} />
          : loader
        : (error ?? (
            <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()}>
              {errorActions}
            </ErrorState>
          ))}
    </>
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
      <BusyButton className="button button-secondary" onClick={() => void fetchNextPage()} busy={isFetchingNextPage} busyLabel="Carregando...">
        Carregar mais
      </BusyButton>
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
