import { useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Avatar } from '@/components/ui/avatar';
import { UserIcon } from '@/components/ui/icons';
import { LevelCard } from '@/features/profile/components/level-card';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { formatDate } from '@/lib/format';
import '@/features/profile/profile.css';
import { LinkedText } from '@/components/ui/linked-text';

export function Component() {
  const { userData, user } = useAuth();
  const [editing, setEditing] = useState(false);

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
        <LevelCard nivel={userData.nivel} pontos={userData.pontosTotais} />
        <section className="card" aria-labelledby="perfil-conquistas">
          <h2 id="perfil-conquistas">Conquistas</h2>
          {userData.conquistas.length === 0 ? (
            <p className="muted">Nenhuma conquista ainda. Plante, registre e colha para desbloquear as primeiras.</p>
          ) : (
            <ul className="tag-list">
              {userData.conquistas.map((c) => (
                <li key={c} className="tag">
                  {c}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
