import type { ReactNode } from 'react';
import { useImpacto, useSetImpacto } from '@/features/mutiroes/api/mutiroes';
import { errorMessage } from '@/lib/errors';
import { plural } from '@/lib/format';
import { horasDecimal, kg } from '@/features/mutiroes/labels';
import '@/features/mutiroes/mutiroes.css';

/** One figure of the report or the impact: the number in bold, then what it counts. */
export function Figure({ value, children }: { value: ReactNode; children: ReactNode }) {
  return (
    <li>
      <strong>{value}</strong> {children}
    </li>
  );
}

/** The public group page's "Nosso impacto" this year, when the dono made it public (nothing otherwise). */
export function ImpactoPublico({ groupId }: { groupId: string }) {
  const q = useImpacto(groupId);
  if (!q.isSuccess || !q.data.publico) return null;
  const i = q.data;
  return (
    <section className="card" aria-labelledby="impacto-title">
      <h2 id="impacto-title">Nosso impacto em {i.ano}</h2>
      <ul className="report-figures">
        <Figure value={kg(i.kgDoado)}>doados</Figure>
        <Figure value={`${horasDecimal(i.minutos)} h`}>de trabalho voluntário</Figure>
        <Figure value={i.mutiroes}>{i.mutiroes === 1 ? 'mutirão realizado' : 'mutirões realizados'}</Figure>
      </ul>
    </section>
  );
}

/** The dono's choice to show the year's impact on the public page. */
export function ImpactoToggle({ groupId }: { groupId: string }) {
  const q = useImpacto(groupId);
  const set = useSetImpacto(groupId);
  if (!q.isSuccess) return null;
  return (
    <div className="card report-no-print">
      <label className="presence-controls">
        <input type="checkbox" checked={q.data.publico} disabled={set.isPending} onChange={(e) => set.mutate(e.target.checked)} />
        Mostrar o impacto do ano ({kg(q.data.kgDoado)} doados, {horasDecimal(q.data.minutos)} h de trabalho voluntário, {plural(q.data.mutiroes, 'mutirão', 'mutirões')}) na página pública do grupo
      </label>
      <p className="form-error" role="alert">
        {set.isError ? errorMessage(set.error, 'Não foi possível salvar.') : null}
      </p>
    </div>
  );
}
