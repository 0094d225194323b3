import { formatArea, plural } from '@/lib/format';
import { loteStatusLabel } from '@/features/lotes/labels';
import type { Lote } from '@/types/api';
import '@/features/lotes/lotes.css';

export interface LoteView {
  lote: Lote;
  mine: boolean;
  requested: boolean;
  /** Open requests, told to coordinators. */
  pedidos: number;
}

function firstName(nome: string | null): string {
  return (nome ?? '').trim().split(/\s+/)[0] ?? '';
}

/** 'Lote A1, livre', 'Lote A2, ocupado por Maria Clara, seu lote', 'Lote A3, manutenção'. */
export function loteLabel({ lote, mine, requested, pedidos }: LoteView): string {
  const parts = [`Lote ${lote.codigo}, ${loteStatusLabel[lote.status]}`];
  if (lote.status === 'ocupado' && lote.responsavelNome) parts[0] += ` por ${lote.responsavelNome}`;
  if (mine) parts.push('seu lote');
  if (requested) parts.push('você pediu este lote');
  if (pedidos > 0) parts.push(plural(pedidos, 'pedido', 'pedidos'));
  const ativos = lote.cultivosAtivos ?? 0;
  if (ativos > 0) parts.push(plural(ativos, 'cultivo ativo', 'cultivos ativos'));
  return parts.join(', ');
}

/**
 * The garden as a grid of buttons, one per lote, in natural order (A2 before A10). Status shows
 * in words as well as colour; on a 360 px phone the cells wrap to three a row.
 */
export function LoteGrid({ lotes, onOpen }: { lotes: LoteView[]; onOpen: (codigo: string) => void }) {
  return (
    <ul className="lote-grid" aria-label="Lotes">
      {lotes.map((view) => {
        const { lote, mine, requested, pedidos } = view;
        return (
          <li key={lote.codigo}>
            <button
              type="button"
              className={`lote-cell lote-${lote.status}${mine ? ' lote-mine' : ''}`}
              aria-label={loteLabel(view)}
              aria-haspopup="dialog"
              onClick={() => onOpen(lote.codigo)}
            >
              <span className="lote-top" aria-hidden="true">
                <span className={`lote-code${lote.codigo.length > 5 ? ' lote-code-long' : ''}`}>{lote.codigo}</span>
                {(requested || pedidos > 0) && <span className="lote-flag">{requested ? 'pedido' : pedidos}</span>}
              </span>
              <span className="lote-status" aria-hidden="true">
                {mine ? 'seu lote' : loteStatusLabel[lote.status]}
              </span>
              <span className="lote-detail" aria-hidden="true">
                {lote.status === 'ocupado' && !mine ? firstName(lote.responsavelNome) : formatArea(lote.area)}
              </span>
              {(lote.cultivosAtivos ?? 0) > 0 && (
                <span className="lote-cultivos" aria-hidden="true">
                  {plural(lote.cultivosAtivos ?? 0, 'cultivo', 'cultivos')}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
