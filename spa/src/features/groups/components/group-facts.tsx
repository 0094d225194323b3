import { entradaLabel } from '@/features/groups/labels';
import type { GroupSummary } from '@/types/api';
import '@/features/groups/groups.css';

/** The numbers anyone who may see a group sees: members, lotes by status, how to get in. */
export function GroupFacts({ group, extra }: { group: GroupSummary; extra?: { label: string; value: string }[] }) {
  const facts = [
    { label: 'Membros', value: `${group.memberCount} de ${group.maxMembros}` },
    { label: 'Lotes livres', value: String(group.lotes.livre) },
    { label: 'Lotes ocupados', value: String(group.lotes.ocupado) },
    ...(group.lotes.manutencao > 0 ? [{ label: 'Em manutenção', value: String(group.lotes.manutencao) }] : []),
    { label: 'Entrada', value: entradaLabel[group.entrada] },
    ...(extra ?? []),
  ];
  return (
    <dl className="group-facts">
      {facts.map((f) => (
        <div key={f.label} className="group-fact">
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

