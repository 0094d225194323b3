import type { ReactNode } from 'react';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';

/**
 * A card of the dashboard over one read: its title (an h2 that names the section), a loader
 * (`loading`, its label) while the read loads, the read's error with Tentar novamente, and
 * `children`, which show what was read (or say that it found nothing).
 */
export function DashboardCard({
  id,
  title,
  className = 'card',
  query,
  loading,
  errorTitle,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading?: string;
  errorTitle: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {query.isPending && <SectionLoader label={loading} />}
      {query.isError && <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />}
      {children}
    </section>
  );
}
