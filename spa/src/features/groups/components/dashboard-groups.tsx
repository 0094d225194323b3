import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { NoGroupsYet } from '@/features/groups/components/no-groups';
import { PapelTag } from '@/features/groups/components/papel-tag';
import { dashboardGroupsQuery } from '@/features/groups/api/queries';
import '@/features/groups/groups.css';

/** The dashboard's "Meus grupos": my first groups with my role (GET /api/me/groups?limit=5), in a chunk of its own. */
export default function DashboardGroups() {
  const query = useQuery(dashboardGroupsQuery);
  const items = query.data?.items ?? [];
  return (
    <DashboardCard id="dash-grupos" title="Meus grupos" query={query} loading="Carregando grupos..." errorTitle="Não foi possível carregar os grupos">
      {query.isSuccess && items.length === 0 && (
        <NoGroupsYet small />
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
    </DashboardCard>
  );
}
