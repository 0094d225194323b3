import { plural } from '@/lib/format';
import type { LoteCounts } from '@/types/api';
import '@/features/lotes/lotes.css';

/** The grid's key: how many lotes are livres, ocupados and em manutenção, with their colours. */
export function LoteLegend({ counts }: { counts: LoteCounts }) {
  return (
    <ul className="lote-legend" aria-label="Resumo dos lotes">
      <li>
        <span className="lote-swatch lote-livre" aria-hidden="true" /> {plural(counts.livre, 'livre', 'livres')}
      </li>
      <li>
        <span className="lote-swatch lote-ocupado" aria-hidden="true" /> {plural(counts.ocupado, 'ocupado', 'ocupados')}
      </li>
      <li>
        <span className="lote-swatch lote-manutencao" aria-hidden="true" /> {counts.manutencao} em manutenção
      </li>
    </ul>
  );
}
