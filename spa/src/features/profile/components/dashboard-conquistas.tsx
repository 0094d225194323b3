import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { formatDate } from '@/lib/format';
import { useMyProgress } from '@/features/profile/api/progress';
import type { MemberProgress } from '@/types/api';
import '@/features/profile/profile.css';

const shown = 3;

type Conquista = MemberProgress['conquistas'][number];

/** The newest earned first; the locked one closest to done is the next to aim for. */
function pick(all: Conquista[]) {
  const earned = all.filter((c) => c.conquistada).sort((a, b) => (b.em ?? '').localeCompare(a.em ?? ''));
  const locked = all.filter((c) => !c.conquistada);
  const next = locked.reduce<Conquista | null>((best, c) => (!best || c.atual / c.meta > best.atual / best.meta ? c : best), null);
  return { earned: earned.slice(0, shown), total: earned.length, next };
}

/** The dashboard's "Conquistas recentes" (GET /api/me/progress, shared with /perfil), in a chunk of its own. */
export default function DashboardConquistas() {
  const query = useMyProgress();
  const { earned, total, next } = pick(query.data?.conquistas ?? []);
  return (
    <DashboardCard id="dash-conquistas" title="Conquistas recentes" query={query} loading="Carregando conquistas..." errorTitle="Não foi possível carregar as conquistas">
      {query.isSuccess && earned.length === 0 && (
        <EmptyState title="Nenhuma conquista ainda">
          <p>Conquistas chegam com o que você faz no Verde: plantar, registrar o diário, colher e participar de grupos.</p>
        </EmptyState>
      )}
      {earned.length > 0 && (
        <ul className="dash-list dash-stack">
          {earned.map((c) => (
            <li key={c.codigo}>
              <strong>{c.nome}</strong>
              <span className="muted">
                <time dateTime={c.em ?? undefined}>{formatDate(c.em)}</time>
                {c.bonus > 0 && ` · +${c.bonus} pontos`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {query.isSuccess && next && (
        <p title={next.descricao}>
          {'Próxima conquista: '}
          <strong>{next.nome}</strong>
          {` · ${next.progresso}`}
        </p>
      )}
      {query.isSuccess && (
        <Link to="/perfil">{total > shown ? `Ver todas as ${total} no perfil` : 'Ver todas no perfil'}</Link>
      )}
    </DashboardCard>
  );
}
