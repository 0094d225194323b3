import { PointsLedger } from '@/components/ui/points-ledger';
import { QueryState, LoadMore } from '@/components/ui/query-states';
import { formatNumber } from '@/lib/format';
import { useMyPoints } from '@/features/profile/api/points';

/** /perfil: every row that moved my points, newest first, adding up to my total. */
export function PointsHistory({ total }: { total: number }) {
  const q = useMyPoints();
  const items = q.data ?? [];
  return (
    <section className="card" aria-labelledby="perfil-pontos">
      <h2 id="perfil-pontos">Histórico de pontos</h2>
      <p className="muted">
        Total: {formatNumber(total)} {total === 1 ? 'ponto' : 'pontos'}. Cada linha é um ponto ganho ou devolvido; somadas, dão o seu total.
      </p>
      <QueryState
        query={q}
        loader="Carregando histórico..."
        errorTitle="Não foi possível carregar seu histórico de pontos"
        empty={<p className="muted">Você ainda não ganhou pontos. Crie um cultivo ou registre um cuidado no diário para começar.</p>}
      >
        {() => <PointsLedger items={items} />}
      </QueryState>
      <LoadMore hasNextPage={q.hasNextPage} isFetchingNextPage={q.isFetchingNextPage} fetchNextPage={q.fetchNextPage} />
    </section>
  );
}
