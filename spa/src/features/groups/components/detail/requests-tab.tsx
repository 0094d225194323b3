import { useState } from 'react';
import { AnswerButtons } from '@/components/ui/answer-buttons';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/flash';
import { ErrorState, FailureAlert, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/format';
import { useAnswerRequest, useRequests } from '@/features/groups/api/members';
import type { GroupDetail } from '@/types/api';
import '@/features/groups/groups.css';

/** Open requests to join (groups that take approval): coordinators approve or reject them. */
export function RequestsTab({ group, canAnswer }: { group: GroupDetail; canAnswer: boolean }) {
  const requests = useRequests(group.id);
  const answer = useAnswerRequest(group.id);
  const [notice, setNotice] = useState('');
  const list = requests.data ?? [];

  if (requests.isPending) return <SectionLoader label="Carregando pedidos..." />;
  if (requests.isError) return <ErrorState title="Não foi possível carregar os pedidos" error={requests.error} onRetry={() => void requests.refetch()} />;

  const busyId = answer.isPending ? answer.variables?.userId : undefined;
  const full = group.memberCount >= group.maxMembros;

  return (
    <section aria-labelledby="grupo-pedidos">
      <h2 id="grupo-pedidos" className="section-title">
        Pedidos para entrar
      </h2>
      <Notice message={notice} />
      <FailureAlert result={answer} />
      {full && list.length > 0 && <p className="muted">O grupo está lotado: aumente o limite de membros em Configurações para aprovar novos pedidos.</p>}
      {list.length === 0 ? (
        <EmptyState title="Nenhum pedido pendente">
          <p>Quando alguém pedir para entrar no grupo, o pedido aparece aqui.</p>
        </EmptyState>
      ) : (
        <ul className="member-list">
          {list.map((r) => {
            const busy = busyId === r.userId;
            return (
              <li key={r.userId} className="member-row">
                <Avatar name={r.nome} />
                <div className="member-info">
                  <p className="member-name">{r.nome || 'Sem nome'}</p>
                  <p className="member-meta">Pediu em {formatDateTime(r.createdAt)}</p>
                </div>
                {canAnswer && (
                  <div className="button-row">
                    <AnswerButtons
                      of={r.nome}
                      disabled={busy}
                      running={busy ? (answer.variables?.approve ? 'approve' : 'reject') : undefined}
                      onApprove={() => {
                        setNotice('');
                        answer.mutate({ userId: r.userId, approve: true }, { onSuccess: () => setNotice(`${r.nome} agora participa do grupo.`) });
                      }}
                      onReject={() => {
                        setNotice('');
                        answer.mutate({ userId: r.userId, approve: false }, { onSuccess: () => setNotice(`Pedido de ${r.nome} recusado.`) });
                      }}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore hasNextPage={requests.hasNextPage} isFetchingNextPage={requests.isFetchingNextPage} fetchNextPage={requests.fetchNextPage} />
    </section>
  );
}
