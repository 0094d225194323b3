import { Link } from 'react-router-dom';
import { useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/flash';
import { ErrorState, FailureAlert, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, plural } from '@/lib/format';
import { groupAccess, memberActions } from '@/features/groups/access';
import { useMembers, useRemoveMember, useSetPapel, useTransferOwnership } from '@/features/groups/api/members';
import { PapelTag } from '@/features/groups/components/papel-tag';
import type { GroupDetail, Member } from '@/types/api';
import '@/features/groups/groups.css';

type Pending = { kind: 'remove' | 'transfer'; member: Member } | null;

export function MembersTab({ group }: { group: GroupDetail }) {
  const { user, isAdmin } = useAuth();
  const members = useMembers(group.id);
  const setPapel = useSetPapel(group.id);
  const remove = useRemoveMember(group.id);
  const transfer = useTransferOwnership(group.id);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState('');
  const access = groupAccess(group.meuPapel, isAdmin);
  const self = user?.id ?? '';
  const list = members.data ?? [];

  if (members.isPending) return <SectionLoader label="Carregando membros..." />;
  if (members.isError) return <ErrorState title="Não foi possível carregar os membros" error={members.error} onRetry={() => void members.refetch()} />;

  const busyId = setPapel.isPending ? setPapel.variables?.userId : undefined;

  function changePapel(member: Member, papel: 'coordenador' | 'membro') {
    setNotice('');
    setPapel.mutate(
      { userId: member.userId, papel },
      {
        onSuccess: () =>
          setNotice(papel === 'coordenador' ? `${member.nome} agora é coordenador.` : `${member.nome} agora é membro.`),
      },
    );
  }

  function closeDialog() {
    remove.reset();
    transfer.reset();
    setPending(null);
  }

  return (
    <section aria-labelledby="grupo-membros">
      <h2 id="grupo-membros" className="section-title">
        {plural(group.memberCount, 'membro', 'membros')} <span className="muted">de {group.maxMembros}</span>
      </h2>
      <Notice message={notice} />
      <FailureAlert result={setPapel} />
      <ul className="member-list">
        {list.map((m) => {
          const can = memberActions(access, isAdmin, self, m);
          const busy = busyId === m.userId;
          const any = can.promote || can.demote || can.transfer || can.remove;
          return (
            <li key={m.userId} className="member-row">
              <Avatar name={m.nome} />
              <div className="member-info">
                <p className="member-name">
                  <Link to={`/membros/${encodeURIComponent(m.userId)}`}>{m.nome || 'Sem nome'}</Link>
                  {m.userId === self && <span className="muted"> (você)</span>}
                </p>
                <p className="member-meta">
                  <PapelTag papel={m.papel} />
                  <span>Desde {formatDate(m.joinedAt)}</span>
                  {m.lotes.length > 0 && <span>Lotes: {m.lotes.join(', ')}</span>}
                </p>
              </div>
              {any && (
                <div className="button-row">
                  {can.promote && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={busy}
                      aria-label={`Promover ${m.nome} a coordenador`}
                      onClick={() => changePapel(m, 'coordenador')}
                    >
                      {busy && <Spinner size="sm" />}
                      Promover a coordenador
                    </button>
                  )}
                  {can.demote && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={busy}
                      aria-label={`Tornar ${m.nome} membro`}
                      onClick={() => changePapel(m, 'membro')}
                    >
                      {busy && <Spinner size="sm" />}
                      Tornar membro
                    </button>
                  )}
                  {can.transfer && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={`Transferir posse para ${m.nome}`}
                      onClick={() => setPending({ kind: 'transfer', member: m })}
                    >
                      Transferir posse
                    </button>
                  )}
                  {can.remove && (
                    <button
                      type="button"
                      className="button button-danger-outline button-small"
                      aria-label={`Remover ${m.nome}`}
                      onClick={() => setPending({ kind: 'remove', member: m })}
                    >
                      Remover
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <LoadMore hasNextPage={members.hasNextPage} isFetchingNextPage={members.isFetchingNextPage} fetchNextPage={members.fetchNextPage} />

      {pending?.kind === 'remove' && (
        <ConfirmDialog title={`Remover ${pending.member.nome}?`} confirmLabel="Remover" busyLabel="Removendo..." danger mutation={remove}
          onCancel={closeDialog}
          onConfirm={() =>
            remove.mutate(pending.member.userId, {
              onSuccess: () => {
                setNotice(`${pending.member.nome} foi removido do grupo.`);
                closeDialog();
              },
            })
          }
        >
          <p>
            {pending.member.nome} deixará de participar do grupo
            {pending.member.lotes.length > 0 ? ` e os lotes ${pending.member.lotes.join(', ')} ficarão livres` : ''}.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'transfer' && (
        <ConfirmDialog title={`Transferir a posse para ${pending.member.nome}?`} confirmLabel="Transferir posse" busyLabel="Transferindo..." mutation={transfer}
          onCancel={closeDialog}
          onConfirm={() =>
            transfer.mutate(pending.member.userId, {
              onSuccess: () => {
                setNotice(`${pending.member.nome} agora é o dono do grupo.`);
                closeDialog();
              },
            })
          }
        >
          <p>
            {pending.member.nome} passará a ser o dono de <strong>{group.nome}</strong> e você passará a ser coordenador. Só o
            novo dono poderá devolver a posse.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
