import { Photo } from '@/components/ui/photo';
import { FailureAlert } from '@/components/ui/query-states';
import { canShowPhoto } from '@/lib/media';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { groupAccess } from '@/features/groups/access';
import { useCancelMyRequest, useRemoveMember } from '@/features/groups/api/members';
import { GroupFacts } from '@/features/groups/components/group-facts';
import { JoinButton, joinedMessage } from '@/features/groups/components/join-button';
import { visibilidadeLabel } from '@/features/groups/labels';
import type { GroupDetail } from '@/types/api';
import '@/features/groups/groups.css';
import { LinkedText } from '@/components/ui/linked-text';

export function OverviewTab({ group }: { group: GroupDetail }) {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const leave = useRemoveMember(group.id);
  const cancelRequest = useCancelMyRequest(group.id);
  const gid = encodeURIComponent(group.id);
  const { isMember, isOwner } = groupAccess(group.meuPapel, isAdmin);

  const extra = [
    { label: 'Visibilidade', value: visibilidadeLabel[group.visibilidade] },
    { label: 'Criado em', value: formatDate(group.createdAt) },
  ];
  if (isMember) extra.push({ label: 'Seus lotes', value: group.meusLotes.length ? group.meusLotes.join(', ') : 'Nenhum ainda' });

  return (
    <div className="group-overview">
      <section className="card" aria-labelledby="grupo-sobre">
        {canShowPhoto(group.fotoCapa) && (
          <Photo className="group-cover" photo={group.fotoCapa} alt={`Foto de capa do grupo ${group.nome}`} width={640} height={240} sizes="min(100vw, 960px)" eager />
        )}
        <h2 id="grupo-sobre">Sobre o grupo</h2>
        {group.descricao ? <LinkedText className="group-description" text={group.descricao} /> : <p className="muted">Este grupo ainda não tem descrição.</p>}
        <GroupFacts group={group} extra={extra} />
        <p className="group-overview-links">
          {(isMember || group.lotes.total > 0) && <Link to={`/grupos/${gid}/lotes`}>Ver a grade de lotes</Link>}
          {group.visibilidade === 'publico' && <Link to={`/grupos/${gid}/publico`}>Ver a página pública</Link>}
        </p>
      </section>

      {!isMember && (
        <section className="card" aria-labelledby="grupo-participar">
          <h2 id="grupo-participar">Participar</h2>
          {group.minhaSolicitacao ? (
            <>
              <p>Seu pedido para entrar foi enviado. Aguarde a aprovação de um coordenador.</p>
              <button
                type="button"
                className="button button-secondary"
                disabled={cancelRequest.isPending}
                onClick={() => user && cancelRequest.mutate(user.id)}
              >
                {cancelRequest.isPending && <Spinner size="sm" />}
                {cancelRequest.isPending ? 'Cancelando...' : 'Cancelar pedido'}
              </button>
              <FailureAlert result={cancelRequest} />
            </>
          ) : (
            <JoinButton
              group={group}
              // The page re-reads the group and this section goes away: the news moves up to the page.
              onJoined={(reply) =>
                navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { aviso: joinedMessage(reply) } })
              }
            />
          )}
        </section>
      )}

      {isMember && (
        <section className="card" aria-labelledby="grupo-sair">
          <h2 id="grupo-sair">Sair do grupo</h2>
          {isOwner ? (
            <p className="muted">Você é o dono deste grupo. Para sair, transfira a posse a outro membro na aba Membros.</p>
          ) : (
            <>
              <p className="muted">Seus lotes ficam livres para outros membros.</p>
              <button type="button" className="button button-danger-outline" onClick={() => setConfirmLeave(true)}>
                Sair do grupo
              </button>
            </>
          )}
        </section>
      )}

      {confirmLeave && user && (
        <ConfirmDialog title="Sair do grupo?" confirmLabel="Sair do grupo" busyLabel="Saindo..." danger mutation={leave} reset
          onCancel={() => setConfirmLeave(false)}
          onConfirm={() =>
            leave.mutate(user.id, {
              onSuccess: () => navigate('/grupos', { state: { aviso: `Você saiu do grupo ${group.nome}.` } }),
            })
          }
        >
          <p>
            Você deixará de participar de <strong>{group.nome}</strong>
            {group.meusLotes.length > 0 ? ` e seus lotes (${group.meusLotes.join(', ')}) ficarão livres` : ''}. Para voltar, será
            preciso entrar de novo.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
