import { Link, useParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { Photo } from '@/components/ui/photo';
import { canShowPhoto } from '@/lib/media';
import { PageLoader } from '@/components/ui/spinner';
import { formatDate, plural } from '@/lib/format';
import { PublicShell } from '@/app/layouts/public-shell';
import { usePublicGroup } from '@/features/groups/api/groups';
import { GroupLoadError } from '@/features/groups/components/group-load-error';
import { GroupFacts } from '@/features/groups/components/group-facts';
import '@/features/groups/groups.css';
import { ImpactoPublico } from '@/features/mutiroes/components/impacto';
import { LinkedText } from '@/components/ui/linked-text';
import { ShareActions } from '@/components/ui/share-actions';
import { groupPageText } from '@/features/groups/share-text';

const title = 'Página do grupo';

// The public page shows only what the API's public summary carries: counts, never a person's
// name or e-mail. A private group answers exactly like an unknown one.
export function Component() {
  const { groupId = '' } = useParams();
  const { user, userData, loading } = useAuth();
  const query = usePublicGroup(groupId);

  if (query.isPending) {
    return (
      <PublicShell>
        <PageHeader title={title} />
        <PageLoader />
      </PublicShell>
    );
  }
  if (query.isError) {
    return (
      <PublicShell>
        <PageHeader title={title} />
        <GroupLoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          ways={
            <Link className="button button-primary" to={user ? '/grupos/diretorio' : '/login'}>
              {user ? 'Explorar Grupos' : 'Entrar no Verde'}
            </Link>
          }
        />
      </PublicShell>
    );
  }

  const group = query.data;
  const gid = encodeURIComponent(group.id);
  const detailPath = `/grupos/${gid}`;
  const full = group.memberCount >= group.maxMembros;
  const member = !!userData?.gruposParticipantes.includes(group.id);
  const how = member
    ? 'Você já participa deste grupo.'
    : group.entrada === 'convite'
      ? 'Este grupo aceita novos membros apenas por convite. Peça um link a quem já participa.'
      : full
        ? 'O grupo está lotado no momento.'
        : group.entrada === 'aprovacao'
          ? 'Peça para participar: um coordenador do grupo aprova a sua entrada.'
          : 'A entrada é aberta: participe e comece a cultivar junto.';

  return (
    <PublicShell>
      <PageHeader title={group.nome} subtitle={`${group.cidade}/${group.uf}`} />
      <section className="card public-group" aria-labelledby="publico-sobre">
        {canShowPhoto(group.fotoCapa) && (
          <Photo className="group-cover" photo={group.fotoCapa} alt={`Foto de capa do grupo ${group.nome}`} width={640} height={240} sizes="min(100vw, 720px)" eager />
        )}
        <h2 id="publico-sobre">Sobre o grupo</h2>
        {group.descricao ? <LinkedText className="group-description" text={group.descricao} /> : <p className="muted">Este grupo ainda não tem descrição.</p>}
        <GroupFacts
          group={group}
          extra={[
            { label: 'Novos membros este mês', value: String(group.novosMembrosMes) },
            { label: 'Criado em', value: formatDate(group.createdAt) },
          ]}
        />
      </section>
      <ImpactoPublico groupId={group.id} />
      <section className="card public-cta" aria-labelledby="publico-participar">
        <h2 id="publico-participar">{member ? 'Seu grupo' : 'Quer participar?'}</h2>
        <p>{how}</p>
        {member && (
          <p className="actions-row">
            <Link className="button button-primary" to={detailPath}>
              Abrir grupo
            </Link>
          </p>
        )}
        {!member && group.entrada !== 'convite' && !full && !loading && (
          <p className="actions-row">
            {user ? (
              <Link className="button button-primary" to={detailPath}>
                {group.entrada === 'aberta' ? 'Participar do grupo' : 'Pedir para participar'}
              </Link>
            ) : (
              <>
                <Link className="button button-primary" to="/registro" state={{ from: detailPath }}>
                  Criar conta e participar
                </Link>
                <Link className="button button-secondary" to="/login" state={{ from: detailPath }}>
                  Já tenho conta
                </Link>
              </>
            )}
          </p>
        )}
        <p className="muted public-members-note">
          {plural(group.memberCount, 'pessoa cultiva', 'pessoas cultivam')} neste grupo.
        </p>
      </section>
      <section className="card" aria-labelledby="publico-compartilhar">
        <h2 id="publico-compartilhar">Compartilhe este grupo</h2>
        <p className="muted">Conhece alguém que cultiva perto? Mande esta página.</p>
        <ShareActions url={`${window.location.origin}/grupos/${gid}/publico`} title={group.nome} text={groupPageText(group)} />
      </section>
    </PublicShell>
  );
}
