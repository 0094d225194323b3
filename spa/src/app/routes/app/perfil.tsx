import { useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Avatar } from '@/components/ui/avatar';
import { UserIcon } from '@/components/ui/icons';
import { LevelCard } from '@/features/profile/components/level-card';
import { ConquistasCard, LevelProgressCard, StatsCard } from '@/features/profile/components/progress-view';
import { useMyProgress } from '@/features/profile/api/progress';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { PointsHistory } from '@/features/profile/components/points-history';
import { HowPointsWork } from '@/features/profile/components/how-points-work';
import { formatDate } from '@/lib/format';
import '@/features/profile/profile.css';
import { LinkedText } from '@/components/ui/linked-text';

export function Component() {
  const { userData, user } = useAuth();
  const [editing, setEditing] = useState(false);
  const progress = useMyProgress();

  if (!userData) {
    return (
      <>
        <PageHeader title="Meu Perfil" />
        <EmptyState icon={<UserIcon />} title="Não foi possível carregar seu perfil">
          <p>Recarregue a página para tentar de novo.</p>
        </EmptyState>
      </>
    );
  }

  const since = formatDate(userData.dataCadastro);
  return (
    <>
      <PageHeader title="Meu Perfil" />
      <div className="page-grid">
        <section className="card profile-card" aria-labelledby="perfil-nome">
          <div className="profile-identity">
            <Avatar name={userData.nome || user?.name || ''} photo={userData.foto} size={72} />
            <div>
              <h2 id="perfil-nome">{userData.nome || 'Sem nome'}</h2>
              <p className="muted">{userData.email}</p>
              <p className="muted">{userData.cidade || userData.uf ? [userData.cidade, userData.uf].filter(Boolean).join('/') : 'Cidade e UF não informadas'}</p>
              {since && <p className="muted">Membro desde {since}</p>}
            </div>
          </div>
          {editing ? (
            <ProfileForm profile={userData} onDone={() => setEditing(false)} />
          ) : (
            <>
              <h3>Bio</h3>
              {userData.bio ? <LinkedText className="profile-bio" text={userData.bio} /> : <p className="profile-bio">Você ainda não escreveu uma bio.</p>}
              <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
                Editar perfil
              </button>
            </>
          )}
        </section>
        {progress.isSuccess ? (
          <>
            <LevelProgressCard nivel={progress.data.nivel} />
            <StatsCard s={progress.data.estatisticas} />
            <ConquistasCard conquistas={progress.data.conquistas} />
          </>
        ) : (
          <>
            <LevelCard nivel={userData.nivel} pontos={userData.pontosTotais} />
            <section className="card" aria-labelledby="perfil-conquistas">
              <h2 id="perfil-conquistas">Conquistas</h2>
              {progress.isError ? (
                <ErrorState title="Não foi possível carregar suas conquistas" error={progress.error} onRetry={() => void progress.refetch()} />
              ) : (
                <SectionLoader label="Carregando conquistas..." />
              )}
            </section>
          </>
        )}
        <PointsHistory total={userData.pontosTotais} />
        <HowPointsWork />
      </div>
    </>
  );
}
