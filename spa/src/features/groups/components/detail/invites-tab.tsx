import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldBinder, InputField } from '@/components/ui/fields';
import { QueryState, LoadMore } from '@/components/ui/query-states';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { formatDate, formatDateTime, plural } from '@/lib/format';
import { useCreateInvite, useInvites, useRevokeInvite } from '@/features/groups/api/invites';
import { inviteStatusLabel } from '@/features/groups/labels';
import { inviteText } from '@/features/groups/share-text';
import { inviteLimits, validateInvite } from '@/features/groups/validation';
import type { GroupDetail, Invite } from '@/types/api';
import '@/features/groups/groups.css';
import { SubmitButton } from '@/components/ui/submit-button';
import { ShareActions } from '@/components/ui/share-actions';

function inviteUrl(invite: Pick<Invite, 'link'>): string {
  return new URL(invite.link, window.location.origin).toString();
}

/** The link to share: the phone's share sheet, WhatsApp, copy (the field stays selectable where the clipboard is off). */
function InviteLink({ invite, groupName }: { invite: Invite; groupName: string }) {
  const url = inviteUrl(invite);
  return (
    <div className="invite-link">
      <label className="visually-hidden" htmlFor={`convite-${invite.token}`}>
        Link do convite
      </label>
      <input id={`convite-${invite.token}`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <ShareActions url={url} title={`Convite para ${groupName}`} text={inviteText(groupName)} />
    </div>
  );
}

/** One invite: its status and uses, its link while valid, and Revogar (onRevoke: for who manages the group). */
function InviteRow({ invite: inv, groupName, onRevoke }: { invite: Invite; groupName: string; onRevoke?: () => void }) {
  return (
    <li className="card invite-row">
      <div className="invite-row-head">
        <span className={`tag tag-convite-${inv.status}`}>{inviteStatusLabel[inv.status]}</span>
        <span className="muted">
          {inv.usos} de {inv.maxUsos} usos · {inv.status === 'expirado' ? 'expirou' : 'expira'} em {formatDateTime(inv.expiraEm)}
        </span>
      </div>
      {inv.status === 'valido' && <InviteLink invite={inv} groupName={groupName} />}
      {onRevoke && inv.status === 'valido' && (
        <button type="button" className="button button-danger-outline button-small" onClick={onRevoke}>
          Revogar
        </button>
      )}
    </li>
  );
}

export function InvitesTab({ group, canManage }: { group: GroupDetail; canManage: boolean }) {
  const invites = useInvites(group.id);
  const create = useCreateInvite(group.id);
  const revoke = useRevokeInvite(group.id);
  const [values, setValues] = useState({ expiraEmDias: String(inviteLimits.defaultDias), maxUsos: String(inviteLimits.defaultUsos) });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const [created, setCreated] = useState<Invite | null>(null);
  const server = serverErrors(create.error, ['expiraEmDias', 'maxUsos']);
  const errors = { ...server.fields, ...clientErrors };
  const field = fieldBinder(values, (name, value) => setValues((v) => ({ ...v, [name]: value })), errors);
  const list = invites.data ?? [];

  function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateInvite(values);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    setCreated(null);
    create.mutate({ expiraEmDias: Number(values.expiraEmDias), maxUsos: Number(values.maxUsos) }, { onSuccess: (invite) => setCreated(invite) });
  }

  return (
    <section aria-labelledby="grupo-convites">
      <h2 id="grupo-convites" className="section-title">
        Convites
      </h2>
      {canManage && (
        <form className="card invite-form" onSubmit={handleCreate} noValidate aria-labelledby="novo-convite">
          <h3 id="novo-convite">Novo link de convite</h3>
          <p className="muted">Quem abrir o link vê o resumo do grupo e pode participar, mesmo se o grupo for privado.</p>
          <div className="invite-form-fields">
            <InputField label="Validade (dias)" {...field('expiraEmDias')} type="number" inputMode="numeric" min={inviteLimits.minDias} max={inviteLimits.maxDias} />
            <InputField label="Limite de usos" {...field('maxUsos')} type="number" inputMode="numeric" min={inviteLimits.minUsos} max={inviteLimits.maxUsos} />
          </div>
          <p className="form-error" role="alert">
            {server.form}
          </p>
          <SubmitButton busy={create.isPending} busyLabel="Criando convite...">
            Criar convite
          </SubmitButton>
          <div role="status">
            {created && (
              <div className="invite-created">
                <p>
                  <strong>Convite criado!</strong> Compartilhe o link abaixo. Ele vale até {formatDate(created.expiraEm)} e pode ser usado{' '}
                  {plural(created.maxUsos, 'vez', 'vezes')}.
                </p>
                <InviteLink invite={created} groupName={group.nome} />
              </div>
            )}
          </div>
        </form>
      )}

      <QueryState query={invites} loader="Carregando convites..." errorTitle="Não foi possível carregar os convites" emptyTitle="Nenhum convite ainda" emptyText="Crie um link para convidar pessoas para o grupo.">
        {() => (
          <ul className="invite-list" aria-label="Links de convite">
            {list.map((inv) => (
              <InviteRow key={inv.token} invite={inv} groupName={group.nome} onRevoke={canManage ? () => setRevoking(inv) : undefined} />
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore hasNextPage={invites.hasNextPage} isFetchingNextPage={invites.isFetchingNextPage} fetchNextPage={invites.fetchNextPage} />

      {revoking && (
        <ConfirmDialog title="Revogar este convite?" confirmLabel="Revogar" busyLabel="Revogando..." danger mutation={revoke} reset
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.token, {
              onSuccess: () => {
                if (created?.token === revoking.token) setCreated(null);
                setRevoking(null);
              },
            })
          }
        >
          <p>Quem ainda não usou o link não conseguirá mais entrar por ele. Quem já entrou continua no grupo.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
