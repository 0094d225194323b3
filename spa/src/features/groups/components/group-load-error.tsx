import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';
import { ErrorState } from '@/components/ui/query-states';
import { isNotFound } from '@/lib/errors';

/**
 * A group that could not be read. Not found (unknown, deleted, or private to this caller: the API
 * answers all three alike) says so and offers `ways` on; any other failure offers to retry.
 */
export function GroupLoadError({
  error,
  onRetry,
  icon = <UsersIcon />,
  ways,
}: {
  error: unknown;
  onRetry: () => void;
  icon?: ReactNode;
  /** The links shown under 'Grupo não encontrado'. */
  ways: ReactNode;
}) {
  if (!isNotFound(error)) return <ErrorState title="Não foi possível carregar o grupo" error={error} onRetry={onRetry} />;
  return (
    <EmptyState icon={icon} title="Grupo não encontrado">
      <p>Este grupo não existe, foi excluído ou é privado.</p>
      <p className="actions-row">{ways}</p>
    </EmptyState>
  );
}
