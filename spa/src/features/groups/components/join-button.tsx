import { Link } from 'react-router-dom';
import { BusyButton } from '@/components/ui/submit-button';
import { FailureAlert } from '@/components/ui/query-states';
import { plural } from '@/lib/format';
import { useJoinGroup } from '@/features/groups/api/groups';
import type { GroupSummary, JoinReply } from '@/types/api';
import '@/features/groups/groups.css';

export function joinedMessage(reply: JoinReply): string {
  if (reply.status === 'pendente') return 'Pedido enviado! Um coordenador do grupo vai analisar.';
  return reply.pontosGanhos > 0
    ? `Você entrou no grupo! +${plural(reply.pontosGanhos, 'ponto', 'pontos')}.`
    : 'Você entrou no grupo!';
}

/**
 * How a signed-in visitor gets into a group they do not belong to: 'Participar' (open groups),
 * 'Pedir para participar' (approval), or word that only an invite will do. The outcome is read
 * out through the status line under it.
 */
export function JoinButton({ group, onJoined }: { group: GroupSummary; onJoined?: (reply: JoinReply) => void }) {
  const join = useJoinGroup();
  const full = group.memberCount >= group.maxMembros;
  const reply = join.data;

  let control;
  if (reply) {
    control =
      reply.status === 'membro' ? (
        <Link className="button button-primary" to={`/grupos/${encodeURIComponent(group.id)}`}>
          Abrir grupo
        </Link>
      ) : null;
  } else if (group.entrada === 'convite') {
    control = <p className="muted join-note">Este grupo aceita novos membros apenas por convite.</p>;
  } else if (full && group.entrada === 'aberta') {
    control = <p className="muted join-note">Este grupo está lotado no momento.</p>;
  } else {
    const label = group.entrada === 'aberta' ? 'Participar' : 'Pedir para participar';
    control = (
      <BusyButton
        busy={join.isPending}
        busyLabel="Enviando..."
        aria-label={`${label} do grupo ${group.nome}`}
        onClick={() => join.mutate(group.id, { onSuccess: (r) => onJoined?.(r) })}
      >
        {label}
      </BusyButton>
    );
  }

  return (
    <div className="join-action">
      {control}
      <p className="join-status" role="status">
        {reply ? joinedMessage(reply) : null}
      </p>
      <FailureAlert result={join} />
    </div>
  );
}
