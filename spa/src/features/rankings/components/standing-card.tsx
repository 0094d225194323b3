import type { RankingStanding } from '@/types/api';
import { formatKg, formatPoints, positionText } from '@/features/rankings/format';
import '@/features/rankings/rankings.css';

/** The caller's own standing under a ranking (also when they opted out). */
export function StandingCard({ standing, subject = 'members' }: { standing: RankingStanding; subject?: 'members' | 'group' }) {
  const pos = positionText(standing);
  const value = subject === 'group' ? `${formatKg(standing.valor / 1000)} por membro ativo` : formatPoints(standing.valor);
  return (
    <div className="ranking-standing" role="status">
      {pos ? (
        <p>
          <strong>{subject === 'group' ? 'Seu grupo' : 'Você'}</strong> está em <strong>{pos}</strong>, com {value}.
        </p>
      ) : subject === 'group' ? (
        <p>Seu grupo ainda não registrou colheitas em kg neste período.</p>
      ) : (
        <p>Você ainda não tem pontos neste período. Registre um cultivo, uma entrada no diário ou uma colheita para entrar no ranking.</p>
      )}
      {standing.oculto && subject === 'members' && (
        <p className="muted">Você está oculto dos rankings públicos: só você vê a sua posição.</p>
      )}
    </div>
  );
}
