import { useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { useMembers, useRemoveMember, useSetPapel, useTransferOwnership } from '@/features/groups/api/members';
import { ConfirmDialog } from '@/features/groups/components/confirm-dialog';
import { ErrorState, LoadMore, SectionLoader } from '@/features/groups/components/query-states';
import { errorMessage } from '@/features/groups/errors';
import { formatDate, papelLabel, plural } from '@/features/groups/labels';
import type { GroupDetail, Member, Papel } from '@/features/groups/types';

type Pending = { kind: 'remove' | 'transfer'; member: Member } | null;

/** What the viewer may do to one member (shared/domain group_access.go, from the viewer's side). */
export function memberActions(viewer: { papel: Papel | null; admin: boolean; self: string }, target: Member) {
  const none = { promote: false, demote: false, transfer: false, remove: false };
  if (target.userId === viewer.self || target.papel === 'dono') return none;
  const owner = viewer.papel === 'dono';
  return {
    promote: owner && target.papel === 'membro',
    demote: owner && target.papel === 'coordenador',
    transfer: owner,
    remove: owner || viewer.admin || (viewer.papel === 'coordenador' && target.papel === 'membro'),
  };
}

export function MembersTab({ group }: { group: GroupDetail }) {
  const { user, isAdmin } = useAuth();
  const members = useMembers(group.id);
  const setPapel = useSetPapel(group.id);
  const remove = useRemoveMember(group.id);
  const transfer = useTransferOwnership(group.id);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState('');
  const viewer = { papel: group.meuPapel, admin: isAdmin, self: user?.id ?? '' };
  const list = members.data?.pages.flatMap((p) => p.items) ?? [];

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
      <h2 id="grupo-membros" className="groups-section-title">
        {plural(group.memberCount, 'membro', 'membros')} <span className="muted">de {group.maxMembros}</span>
      </h2>
      <p className={notice ? 'groups-flash' : 'visually-hidden'} role="status">
        {notice}
      </p>
      {setPapel.isError && (
        <p className="form-error" role="alert">
          {errorMessage(setPapel.error)}
        </p>
      )}
      <ul className="member-list">
        {list.map((m) => {
          const can = memberActions(viewer, m);
          const busy = busyId === m.userId;
          const any = can.promote || can.demote || can.transfer || can.remove;
          return (
            <li key={m.userId} className="member-row">
              <Avatar name={m.nome} />
              <div className="member-info">
                <p className="member-name">
                  {m.nome || 'Sem nome'}
                  {m.userId === viewer.self && <span className="muted"> (você)</span>}
                </p>
                <p className="member-meta">
                  <span className={`tag tag-papel tag-papel-${m.papel}`}>{papelLabel[m.papel]}</span>
                  <span>Desde {formatDate(m.joinedAt)}</span>
                  {m.lotes.length > 0 && <span>Lotes: {m.lotes.join(', ')}</span>}
                </p>
              </div>
              {any && (
                <div className="member-actions">
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
        <ConfirmDialog
          title={`Remover ${pending.member.nome}?`}
          confirmLabel="Remover"
          busyLabel="Removendo..."
          danger
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
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
        <ConfirmDialog
          title={`Transferir a posse para ${pending.member.nome}?`}
          confirmLabel="Transferir posse"
          busyLabel="Transferindo..."
          busy={transfer.isPending}
          error={transfer.isError ? errorMessage(transfer.error) : null}
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
