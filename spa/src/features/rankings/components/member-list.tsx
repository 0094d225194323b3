import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import type { RankingMember } from '@/types/api';
import { formatPoints, ordinal } from '@/features/rankings/format';
import '@/features/rankings/rankings.css';

/** A top 50 of members: position, name (linking to the member's page), level and points; mine highlighted. */
export function MemberList({ items, meId, label }: { items: RankingMember[]; meId: string | undefined; label: string }) {
  return (
    <ol className="ranking-list" aria-label={label}>
      {items.map((m) => {
        const mine = m.id === meId;
        return (
          <li key={m.id} className={mine ? 'ranking-row ranking-me' : 'ranking-row'} aria-current={mine ? 'true' : undefined}>
            <span className="ranking-pos" aria-label={`${ordinal(m.posicao)} lugar`}>
              {ordinal(m.posicao)}
            </span>
            <Avatar name={m.nome} photo={m.foto} size={36} />
            <span className="ranking-name">
              <Link to={`/membros/${encodeURIComponent(m.id)}`}>{m.nome || 'Sem nome'}</Link>
              {mine && <span className="tag">Você</span>}
              <span className="ranking-level muted">
                Nível {m.nivel} · {m.nivelNome}
              </span>
            </span>
            <span className="ranking-value">{formatPoints(m.pontos)}</span>
          </li>
        );
      })}
    </ol>
  );
}
