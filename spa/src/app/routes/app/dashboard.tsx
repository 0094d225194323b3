import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { Flash } from '@/components/ui/flash';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon, UsersIcon } from '@/components/ui/icons';
import { plural } from '@/lib/format';
import { LevelCard } from '@/features/profile/components/level-card';

export function Component() {
  const { userData, user } = useAuth();
  const firstName = (userData?.nome || user?.name || '').trim().split(/\s+/)[0];
  const groups = userData?.gruposParticipantes.length ?? 0;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={<span className="text-clamp-2">{firstName ? `Olá, ${firstName}!` : 'Olá!'}</span>} />
      <Flash />
      <div className="page-grid">
        {userData && <LevelCard nivel={userData.nivel} pontos={userData.pontosTotais} />}
        <section className="card" aria-labelledby="dash-cultivos">
          <h2 id="dash-cultivos">Meus cultivos</h2>
          <EmptyState icon={<SproutIcon />} title="Nenhum cultivo ativo">
            <p>Seus cultivos ativos, com a contagem para a colheita, aparecem aqui.</p>
            <Link to="/cultivos">Ver cultivos</Link>
          </EmptyState>
        </section>
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
