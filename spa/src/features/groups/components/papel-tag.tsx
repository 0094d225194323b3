import { papelLabel } from '@/features/groups/labels';
import type { Papel } from '@/types/api';
import '@/features/groups/groups.css';

/** A member's role in the group as a coloured tag: Dono, Coordenador, Membro. */
export function PapelTag({ papel }: { papel: Papel }) {
  return <span className={`tag tag-papel tag-papel-${papel}`}>{papelLabel[papel]}</span>;
}
