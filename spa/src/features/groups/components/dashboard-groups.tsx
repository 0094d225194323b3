import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import { PapelTag } from '@/features/groups/components/papel-tag';
import type { MyGroupPage } from '@/types/api';
import '@/features/groups/groups.css';

const shown = 5;

/** The dashboard's "Meus grupos": my first groups with my role (GET /api/me/groups?limit=5), in a chunk of its own. */
export default function DashboardGroups() {
  const query = useQuery({
    queryKey: queryKeys.dashboard.groups,
    queryFn: () => api.get<MyGroupPage>(`/me/groups${queryString({ limit: shown })}`),
  });
  const items = query.data?.items ?? [];
  return (
    <section className="card" aria-labelledby="dash-grupos">
      <h2 id="dash-grupos">Meus grupos</h2>
      {query.isPending && <SectionLoader label="Carregando grupos..." />}
      {query.isError && <ErrorState title="Não foi possível carregar os grupos" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && items.length === 0 && (
        <EmptyState icon={<UsersIcon />} title="Você ainda não participa de nenhum grupo">
          <p>Participe de uma horta comunitária ou crie a sua para começar a cultivar junto.</p>
          <p className="actions-row">
            <Link className="button button-primary button-small" to="/grupos/diretorio">
              Explorar Grupos
            </Link>
            <Link className="button button-secondary button-small" to="/grupos/novo">
              Criar Grupo
            </Link>
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          <ul className="dash-list">
            {items.map((g) => (
              <li key={g.id}>
                <Link to={`/grupos/${encodeURIComponent(g.id)}`} className="text-clamp-2">
                  <strong>{g.nome}</strong>
                </Link>
                <PapelTag papel={g.meuPapel} />
              </li>
            ))}
          </ul>
          <Link to="/grupos">{query.data?.nextCursor ? 'Ver todos os meus grupos' : 'Ir para Meus Grupos'}</Link>
        </>
      )}
    </section>
  );
}
