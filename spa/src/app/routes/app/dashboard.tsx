import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { Flash } from '@/components/ui/flash';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';
import { plural } from '@/lib/format';
import { LevelCard } from '@/features/profile/components/level-card';

// The cultivo cards load after the dashboard has drawn (their own chunk), keeping /dashboard's
// first JavaScript inside its budget.
const DashboardCultivos = lazy(() => import('@/features/cultivos/components/dashboard-cards'));
// The admins' active banners, likewise in a chunk of their own (nothing shows while it loads).
const DashboardBanners = lazy(() => import('@/features/banners/components/dashboard-banners'));

export function Component() {
  const { userData, user } = useAuth();
  const firstName = (userData?.nome || user?.name || '').trim().split(/\s+/)[0];
  const groups = userData?.gruposParticipantes.length ?? 0;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={<span className="text-clamp-2">{firstName ? `Olá, ${firstName}!` : 'Olá!'}</span>} />
      <Flash />
      <div className="page-grid">
        <Suspense fallback={null}>
          <DashboardBanners />
        </Suspense>
        {userData && <LevelCard nivel={userData.nivel} pontos={userData.pontosTotais} />}
        <Suspense
          fallback={
            <p className="section-loader" role="status">
              Carregando cultivos...
            </p>
          }
        >
          <DashboardCultivos />
        </Suspense>
        <section className="card" aria-labelledby="dash-grupos">
          <h2 id="dash-grupos">Meus grupos</h2>
          {groups === 0 ? (
            <EmptyState icon={<UsersIcon />} title="Você ainda não participa de nenhum grupo">
              <p>Participe de uma horta comunitária para começar a cultivar junto.</p>
              <Link to="/grupos/diretorio">Explorar Grupos</Link>
            </EmptyState>
          ) : (
            <p>
              <Link to="/grupos">{`Você participa de ${plural(groups, 'grupo', 'grupos')}`}</Link>
            </p>
          )}
        </section>
      </div>
    </>
  );
}
