import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import '@/features/mutiroes/mutiroes.css';

/** What the group's mutirões, escalas, partilha and report show while they load. */
export const sectionSpinner = (
  <div className="section-loader">
    <Spinner />
  </div>
);

/** One card of the mutirões, escalas and partilha lists: its badge, the title's link, then `children` (the details). */
export function MutiraoListItem({ badge, to, title, children }: { badge: ReactNode; to: string; title: ReactNode; children: ReactNode }) {
  return (
    <li className="card mutirao-item">
      <div className="mutirao-date" aria-hidden="true">
        {badge}
      </div>
      <div>
        <h3>
          <Link to={to}>{title}</Link>
        </h3>
        {children}
      </div>
    </li>
  );
}
