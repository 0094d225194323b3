import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '@/lib/format';
import { entradaLabel } from '@/features/groups/labels';
import type { GroupSummary } from '@/types/api';
import '@/features/groups/groups.css';
import { LinkedText } from '@/components/ui/linked-text';

/** A group in a list (my groups, the directory): name as the link, where, how many, and extras. */
export function GroupCard({ group, badge, children, actions }: { group: GroupSummary; badge?: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  const headingId = `grupo-${group.id}-nome`;
  return (
    <article className="card group-card" aria-labelledby={headingId}>
      <div className="group-card-head">
        <h2 id={headingId} className="group-card-title">
          <Link to={`/grupos/${encodeURIComponent(group.id)}`}>{group.nome}</Link>
        </h2>
        {badge}
      </div>
      <p className="group-card-place">
        {group.cidade}/{group.uf}
      </p>
      {group.descricao && <LinkedText className="group-card-description" text={group.descricao} />}
      <ul className="group-card-stats">
        <li>
          {plural(group.memberCount, 'membro', 'membros')} de {group.maxMembros}
        </li>
        <li>{plural(group.lotes.livre, 'lote livre', 'lotes livres')}</li>
        <li>Entrada: {entradaLabel[group.entrada].toLowerCase()}</li>
      </ul>
      {children}
      {actions && <div className="group-card-actions">{actions}</div>}
    </article>
  );
}

/** A list of group cards (named `label` for screen readers), each with what `card` gives it: badge, actions, more. */
export function GroupCardList<G extends GroupSummary>({
  label,
  groups,
  card,
}: {
  label: string;
  groups: readonly G[];
  card: (group: G) => { badge?: ReactNode; children?: ReactNode; actions?: ReactNode };
}) {
  return (
    <ul className="groups-list" aria-label={label}>
      {groups.map((g) => (
        <li key={g.id}>
          <GroupCard group={g} {...card(g)} />
        </li>
      ))}
    </ul>
  );
}
