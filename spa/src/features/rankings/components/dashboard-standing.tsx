import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { formatPoints, monthName, positionText } from '@/features/rankings/format';
import { myStandingQuery } from '@/features/rankings/api/queries';
import '@/features/rankings/rankings.css';

/**
 * The dashboard's "Meu ranking do mês": my position and points this month, and nothing of the
 * top (GET /api/rankings/membros?periodo=mes&limit=0). Opted-out members see their standing too.
 */
export default function DashboardStanding() {
  const query = useQuery(myStandingQuery);
  const eu = query.data?.eu;
  const position = eu ? positionText(eu) : null;
  const month = monthName(query.data?.mes);
  return (
    <DashboardCard id="dash-ranking" title="Meu ranking do mês" query={query} loading="Carregando ranking..." errorTitle="Não foi possível carregar o ranking">
      {eu && position && (
        <>
          <p className="dash-figure">{position}</p>
          <p>
            {formatPoints(eu.valor)} em {month}
          </p>
          {eu.oculto && <p className="muted">Você está oculto dos rankings públicos: só você vê a sua posição.</p>}
          <Link to="/rankings?aba=mes">Ver o ranking do mês</Link>
        </>
      )}
      {eu && !position && (
        <EmptyState title="Você ainda não está no ranking deste mês">
          <p>
            Ganhe pontos em {month || 'este mês'}: registre o diário dos seus cultivos, colha, publique no feed e participe de um grupo.
          </p>
          <Link to="/rankings?aba=mes">Ver o ranking do mês</Link>
        </EmptyState>
      )}
    </DashboardCard>
  );
}
