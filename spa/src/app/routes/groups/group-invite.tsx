import { useEffect, useRef } from 'react';
import { BusyButton } from '@/components/ui/submit-button';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/spinner';
import { UsersIcon } from '@/components/ui/icons';
import { ErrorState } from '@/components/ui/query-states';
import { errorMessage, isNotFound } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { PublicShell } from '@/app/layouts/public-shell';
import { useAcceptInvite, usePublicInvite } from '@/features/groups/api/invites';
import { GroupFacts } from '@/features/groups/components/group-facts';
import { joinedMessage } from '@/features/groups/components/join-button';
import type { InviteStatus } from '@/types/api';
import '@/features/groups/groups.css';
import { LinkedText } from '@/components/ui/linked-text';

const title = 'Convite para grupo';

const unusable: Record<Exclude<InviteStatus, 'valido'>, string> = {
  expirado: 'Este convite expirou',
  revogado: 'Este convite foi revogado',
  esgotado: 'Este convite atingiu o limite de usos',
};

/** ?participar=1 marks a 'Participar' pressed while signed out: back from /login, it is carried out. */
const joinIntent = 'participar';

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = params.get('c')?.trim() ?? '';
  const { user, loading } = useAuth();
  const invite = usePublicInvite(loading ? '' : token, user?.id ?? null);
  const accept = useAcceptInvite(token);
  const started = useRef(false);
  const data = invite.data;

  function join() {
    if (!user) {
      const back = new URLSearchParams({ c: token, [joinIntent]: '1' });
      navigate('/login', {
        state: { from: `${location.pathname}?${back.toString()}`, motivo: data ? `Entre para participar de ${data.grupo.nome}.` : undefined },
      });
      return;
    }
    accept.mutate(undefined, {
      onSuccess: (reply) =>
        navigate(`/grupos/${encodeURIComponent(reply.grupo.id)}`, { replace: true, state: { aviso: joinedMessage(reply) } }),
    });
  }

  // Back from signing in or registering with the intent to join: join once, without a second click.
  const wantsToJoin = params.get(joinIntent) === '1';
  useEffect(() => {
    if (started.current || !user || !wantsToJoin || !data || data.status !== 'valido' || data.jaMembro === true) return;
    started.current = true;
    join();
  });

  if (!token) {
    return (
      <PublicShell>
        <PageHeader title={title} />
        <EmptyState icon={<UsersIcon />} title="Convite não encontrado">
          <p>O link está incompleto. Confira se copiou o endereço inteiro ou peça um novo convite.</p>
        </EmptyState>
      </PublicShell>
    );
  }
  if (loading || invite.isPending) {
    return (
      <PublicShell>
        <PageHeader title={title} />
        <PageLoader />
      </PublicShell>
    );
  }
  if (invite.isError) {
    return (
      <PublicShell>
        <PageHeader title={title} />
        {isNotFound(invite.error) ? (
          <EmptyState icon={<UsersIcon />} title="Convite não encontrado">
            <p>O link pode estar incompleto, ou o convite foi excluído. Peça um novo convite a um coordenador do grupo.</p>
          </EmptyState>
        ) : (
          <ErrorState title="Não foi possível abrir o convite" error={invite.error} onRetry={() => void invite.refetch()} />
        )}
      </PublicShell>
    );
  }

  const group = data!.grupo;
  const groupPath = `/grupos/${encodeURIComponent(group.id)}`;
  const member = data!.jaMembro === true;

  if (data!.status !== 'valido') {
    return (
      <PublicShell>
        <PageHeader title={title} />
        <EmptyState icon={<UsersIcon />} title={unusable[data!.status]}>
          <p>
            O convite para o grupo <strong>{group.nome}</strong> não pode mais ser usado. Peça um novo convite a um coordenador do grupo.
          </p>
          {member && (
            <p className="actions-row">
              <Link className="button button-primary" to={groupPath}>
                Você já participa: abrir grupo
              </Link>
            </p>
          )}
        </EmptyState>
      </PublicShell>
    );
  }

  const joining = accept.isPending || (wantsToJoin && !!user && !member && !accept.isError);
  const here = { from: `${location.pathname}?${new URLSearchParams({ c: token, [joinIntent]: '1' }).toString()}` };

  return (
    <PublicShell>
      <PageHeader title={title} subtitle="Você foi convidado para participar de uma horta comunitária no Verde." />
      <section className="card invite-card" aria-labelledby="convite-grupo">
        <h2 id="convite-grupo">{group.nome}</h2>
        <p className="muted">
          {group.cidade}/{group.uf}
        </p>
        {group.descricao && <LinkedText className="group-description" text={group.descricao} />}
        <GroupFacts group={group} />
        <p className="muted">Convite válido até {formatDate(data!.expiraEm)}.</p>

        {member ? (
          <>
            <p role="status">Você já participa deste grupo.</p>
            <p className="actions-row">
              <Link className="button button-primary" to={groupPath}>
                Abrir grupo
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="form-error" role="alert">
              {accept.isError ? errorMessage(accept.error) : null}
            </p>
            <p className="actions-row">
              <BusyButton onClick={join} busy={joining} busyLabel="Entrando no grupo...">
                Participar
              </BusyButton>
            </p>
            {!user && (
              <p className="invite-signin-note">
                Para participar, entre na sua conta. Novo por aqui?{' '}
                <Link to="/registro" state={{ ...here, motivo: `Crie sua conta para participar de ${group.nome}.` }}>
                  Criar conta
                </Link>
              </p>
            )}
          </>
        )}
      </section>
    </PublicShell>
  );
}
