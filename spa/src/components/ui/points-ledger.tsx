import { formatDateTime } from '@/lib/format';
import type { LancamentoPontos } from '@/types/api';
import '@/components/ui/points-ledger.css';

/**
 * A points history, newest first: each row's label (the act, the conquista, what was undone),
 * its note (an admin's reason, the daily ceiling), when, and the points it moved.
 */
export function PointsLedger({ items }: { items: LancamentoPontos[] }) {
  return (
    <ul className="ledger-list">
      {items.map((l) => (
        <li key={`${l.motivo}-${l.ref}`}>
          <span>
            <span>{l.rotulo}</span>
            {l.descricao && <span className="muted">: {l.descricao}</span>}
            <br />
            <small className="muted">{formatDateTime(l.criadoEm)}</small>
          </span>
          <span className={l.pontos < 0 ? 'ledger-minus' : 'ledger-plus'} aria-label={`${l.pontos > 0 ? 'mais' : l.pontos < 0 ? 'menos' : ''} ${Math.abs(l.pontos)} pontos`}>
            {l.pontos > 0 ? '+' : ''}
            {l.pontos}
          </span>
        </li>
      ))}
    </ul>
  );
}
