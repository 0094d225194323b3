import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Avatar } from '@/components/ui/avatar';
import { LinkedText } from '@/components/ui/linked-text';
import { PageQueryState } from '@/components/ui/query-states';
import { useMember } from '@/features/profile/api/progress';
import { ConquistasCard, LevelProgressCard, StatsCard } from '@/features/profile/components/progress-view';
import { formatDate } from '@/lib/format';
import '@/features/profile/profile.css';

/** A member's public page (/membros/:userId): the same view as /perfil, no private data. */
export function Component() {
  const { userId = '' } = useParams();
  const member = useMember(userId);
  return (
    <PageQueryState query={member} title="Membro" loader="Carregando perfil..." errorTitle="Não foi possível carregar este perfil">
      {(data) => {
        const m = data;
        const since = formatDate(m.dataCadastro);
        const place = [m.cidade, m.uf].filter(Boolean).join(' - ');
        return (
          <>
            <PageHeader title={m.nome || 'Membro'} />
            <div className="page-grid">
              <section className="card profile-card" aria-labelledby="membro-nome">
                <div className="profile-identity">
                  <Avatar name={m.nome} photo={m.foto} size={72} />
                  <div>
                    <h2 id="membro-nome">{m.nome || 'Sem nome'}</h2>
                    {place && <p className="muted">{place}</p>}
                    {since && <p className="muted">Membro desde {since}</p>}
                  </div>
                </div>
                <h3>Bio</h3>
                {m.bio ? <LinkedText className="profile-bio" text={m.bio} /> : <p className="profile-bio muted">Sem bio.</p>}
              </section>
              <LevelProgressCard nivel={m.nivel} />
              <StatsCard s={m.estatisticas} />
              <ConquistasCard conquistas={m.conquistas} />
            </div>
          </>
        );
      }}
    </PageQueryState>
  );
}
