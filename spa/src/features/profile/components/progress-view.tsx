import { TrophyIcon } from '@/components/ui/icons';
import { formatDate, formatNumber, plural, pluralForm } from '@/lib/format';
import type { ConquistaStatus, MemberProgress } from '@/types/api';
import '@/features/profile/profile.css';


/** Level with the way to the next one, from the server's progress. */
export function LevelProgressCard({ nivel }: { nivel: MemberProgress['nivel'] }) {
  return (
    <section className="card level-card" aria-labelledby="progress-level-title">
      <h2 id="progress-level-title">
        Nível {nivel.numero} · {nivel.nome}
      </h2>
      <p className="level-points">{plural(nivel.pontosTotais, 'ponto', 'pontos')}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={`Progresso até o nível ${nivel.numero + 1}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={nivel.percentualNivel}
      >
        <span style={{ width: `${nivel.percentualNivel}%` }} />
      </div>
      <p className="level-next">
        {`${pluralForm(nivel.faltamPontos, 'Falta', 'Faltam')} ${plural(nivel.faltamPontos, 'ponto', 'pontos')}`} para o nível{' '}
        {nivel.numero + 1} · {nivel.proximoNome}
      </p>
    </section>
  );
}

function ConquistaItem({ c }: { c: ConquistaStatus }) {
  const pct = Math.round((c.atual / Math.max(1, c.meta)) * 100);
  return (
    <li className={c.conquistada ? 'conquista conquista-earned' : 'conquista'} data-testid="conquista" data-codigo={c.codigo}>
      <span className="conquista-icon" aria-hidden="true">
        <TrophyIcon />
      </span>
      <div className="conquista-body">
        <h3>{c.nome}</h3>
        <p className="muted">{c.descricao}</p>
        {c.conquistada ? (
          <p className="conquista-status">Conquistada em {formatDate(c.em)} · +{plural(c.bonus, 'ponto', 'pontos')}</p>
        ) : (
          <>
            <div className="progress" role="progressbar" aria-label={`Progresso de ${c.nome}`} aria-valuemin={0} aria-valuemax={c.meta} aria-valuenow={c.atual}>
              <span style={{ width: `${pct}%` }} />
            </div>
            <p className="conquista-status muted">{c.progresso}</p>
          </>
        )}
      </div>
    </li>
  );
}

export function ConquistasCard({ conquistas }: { conquistas: ConquistaStatus[] }) {
  const earned = conquistas.filter((c) => c.conquistada);
  const locked = conquistas.filter((c) => !c.conquistada);
  return (
    <section className="card conquistas-card" id="conquistas" aria-labelledby="progress-conquistas">
      <h2 id="progress-conquistas">
        Conquistas <span className="muted">({earned.length} de {conquistas.length})</span>
      </h2>
      {earned.length === 0 && <p className="muted">Nenhuma conquista ainda. Plante, registre e colha para desbloquear as primeiras.</p>}
      <ul className="conquista-list">
        {[...earned, ...locked].map((c) => (
          <ConquistaItem key={c.codigo} c={c} />
        ))}
      </ul>
    </section>
  );
}

export function StatsCard({ s }: { s: MemberProgress['estatisticas'] }) {
  const items: [string, string][] = [
    ['Cultivos', String(s.cultivos)],
    ['Colheitas', String(s.colheitas)],
    ['Colhido', `${formatNumber(s.colheitasKg, 2)} kg`],
    ['Posts', String(s.posts)],
    ['Registros no diário', String(s.registrosDiario)],
    ['Dias seguidos cuidando', String(s.sequenciaCuidado)],
  ];
  return (
    <section className="card" aria-labelledby="progress-stats">
      <h2 id="progress-stats">Estatísticas</h2>
      <dl className="stats-grid">
        {items.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
