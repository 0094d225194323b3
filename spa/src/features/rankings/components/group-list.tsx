import { Link } from 'react-router-dom';
import type { RankingGroup } from '@/types/api';
import { formatKg, ordinal } from '@/features/rankings/format';
import '@/features/rankings/rankings.css';

/** The groups by harvest: a private group the caller is not in shows as 'Grupo privado'. */
export function GroupList({ items, label }: { items: RankingGroup[]; label: string }) {
  return (
    <ol className="ranking-list" aria-label={label}>
      {items.map((g) => (
        <li key={`${g.posicao}-${g.id ?? ''}`} className={g.meu ? 'ranking-row ranking-me' : 'ranking-row'} aria-current={g.meu ? 'true' : undefined}>
          <span className="ranking-pos" aria-label={`${ordinal(g.posicao)} lugar`}>
            {ordinal(g.posicao)}
          </span>
          <span className="ranking-name">
            {g.id && g.nome ? <Link to={`/grupos/${encodeURIComponent(g.id)}`}>{g.nome}</Link> : <span className="muted">Grupo privado</span>}
            {g.meu && <span className="tag">Meu grupo</span>}
          </span>
          <span className="ranking-value">{`${formatKg(g.kg)} por membro`}</span>
        </li>
      ))}
    </ol>
  );
}
