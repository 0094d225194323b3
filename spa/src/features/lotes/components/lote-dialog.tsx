import { useState, type FormEvent, type ReactNode } from 'react';
import { AnswerButtons } from '@/components/ui/answer-buttons';
import { Fact } from '@/components/ui/fact';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverErrors, type FieldErrors } from '@/lib/errors';
import { formatArea, formatDate, formatDateTime } from '@/lib/format';
import { useLoteAction, type LoteAction } from '@/features/lotes/api/lotes';
import { loteStatusLabel } from '@/features/lotes/labels';
import { areaFrom, loteLimits, validateLoteEdit } from '@/features/lotes/validation';
import type { Lote, LoteRequest, Member } from '@/types/api';
import '@/features/lotes/lotes.css';
import { SubmitButton } from '@/components/ui/submit-button';

function doneMessage(lote: Lote, a: LoteAction): string {
  const c = lote.codigo;
  switch (a.kind) {
    case 'request':
      return `Pedido do lote ${c} enviado. Um coordenador vai analisar.`;
    case 'cancelRequest':
      return `Seu pedido do lote ${c} foi cancelado.`;
    case 'free':
      return `O lote ${c} agora está livre.`;
    case 'assign':
    case 'approve':
      return `O lote ${c} agora é de ${a.nome}.`;
    case 'status':
      return a.status === 'manutencao' ? `O lote ${c} está em manutenção.` : `O lote ${c} agora está livre.`;
    case 'edit':
      return `O lote ${c} foi atualizado.`;
    case 'delete':
      return `O lote ${c} foi excluído.`;
    case 'reject':
      return `Pedido de ${a.nome} pelo lote ${c} recusado.`;
  }
}

export function LoteDialog({
  groupId,
  lote,
  userId,
  canRequest,
  canManage,
  requestedByMe,
  members,
  requests,
  cultivos,
  onClose,
  onDone,
}: {
  groupId: string;
  lote: Lote;
  userId: string;
  canRequest: boolean;
  canManage: boolean;
  requestedByMe: boolean;
  members: Member[];
  requests: LoteRequest[];
  /** The lote's cultivos and a way to start one there (composed by the screen). */
  cultivos?: ReactNode;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const act = useLoteAction(groupId, lote);
  const [confirm, setConfirm] = useState<'free' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const [assignee, setAssignee] = useState('');
  const [assignError, setAssignError] = useState('');
  const [area, setArea] = useState(String(lote.area).replace('.', ','));
  const [observacoes, setObservacoes] = useState(lote.observacoes);
  const [editErrors, setEditErrors] = useState<FieldErrors>({});
  const busy = act.isPending;
  const mine = lote.responsavelId === userId;
  const editServer = editing ? serverErrors(act.error, ['area', 'observacoes']) : { fields: {}, form: null };
  const actionError = act.isError && !(editing && Object.keys(editServer.fields).length > 0) ? errorMessage(act.error) : null;

  function go(a: LoteAction) {
    act.mutate(a, {
      onSuccess: () => {
        onDone(doneMessage(lote, a));
      },
    });
  }

  function handleAssign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const m = members.find((x) => x.userId === assignee);
    if (!m) {
      setAssignError('Escolha o membro responsável pelo lote');
      return;
    }
    setAssignError('');
    go({ kind: 'assign', userId: m.userId, nome: m.nome });
  }

  function handleEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLoteEdit({ area, observacoes });
    setEditErrors(found);
    if (Object.keys(found).length > 0) return;
    go({ kind: 'edit', area: areaFrom(area), observacoes: observacoes.trim() });
  }

  if (confirm) {
    const free = confirm === 'free';
    return (
      <ConfirmDialog
        title={free ? `Liberar o lote ${lote.codigo}?` : `Excluir o lote ${lote.codigo}?`}
        confirmLabel={free ? 'Liberar lote' : 'Excluir lote'}
        busyLabel={free ? 'Liberando...' : 'Excluindo...'}
        danger
        busy={busy}
        error={act.isError ? errorMessage(act.error) : null}
        onCancel={() => {
          act.reset();
          setConfirm(null);
        }}
        onConfirm={() => go({ kind: confirm })}
      >
        <p>
          {free
            ? mine
              ? 'O lote deixa de ser seu e fica livre para outros membros.'
              : `${lote.responsavelNome ?? 'O responsável'} deixa de ser responsável pelo lote, que fica livre.`
            : 'O lote sai da grade do grupo. Esta ação não pode ser desfeita.'}
        </p>
      </ConfirmDialog>
    );
  }

  const candidates = members.filter((m) => m.userId !== lote.responsavelId);

  return (
    <Dialog title={`Lote ${lote.codigo}`} onClose={onClose} busy={busy}>
      <dl className="lote-facts">
        <Fact label="Situação">
          <span className={`lote-badge lote-badge-${lote.status}`}>{loteStatusLabel[lote.status]}</span>
        </Fact>
        <Fact label="Área">{formatArea(lote.area)}</Fact>
        {lote.status === 'ocupado' && (
          <Fact label="Responsável">
            {mine ? 'Você' : (lote.responsavelNome ?? '—')}
            {lote.atribuidoEm && <span className="muted"> · desde {formatDate(lote.atribuidoEm)}</span>}
          </Fact>
        )}
        {lote.observacoes && (
          <Fact label="Observações" className="lote-observacoes">{lote.observacoes}</Fact>
        )}
        {canManage && lote.pedidosPendentes > 0 && (
          <Fact label="Pedidos">{lote.pedidosPendentes}</Fact>
        )}
      </dl>

      {cultivos}

      <p className="form-error" role="alert">
        {actionError}
      </p>

      {/* What a member does with the lote. */}
      {canRequest && !canManage && (
        <div className="dialog-section">
          {lote.status === 'livre' && !requestedByMe && (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => go({ kind: 'request' })}>
              {busy && <Spinner size="sm" />}
              {busy ? 'Enviando...' : 'Pedir este lote'}
            </button>
          )}
          {lote.status === 'manutencao' && <p className="muted">Este lote está em manutenção e não pode ser pedido agora.</p>}
          {lote.status === 'ocupado' && !mine && <p className="muted">Este lote já tem um responsável.</p>}
        </div>
      )}
      {requestedByMe && (
        <div className="dialog-section">
          <p>Você pediu este lote. Aguarde a resposta de um coordenador.</p>
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => go({ kind: 'cancelRequest', userId })}>
            {busy && <Spinner size="sm" />}
            Cancelar meu pedido
          </button>
        </div>
      )}
      {(mine || (canManage && lote.status === 'ocupado')) && (
        <div className="dialog-section">
          <button type="button" className="button button-danger-outline" disabled={busy} onClick={() => setConfirm('free')}>
            Liberar lote
          </button>
        </div>
      )}

      {/* Coordinators: requests, assignment, status, edit, delete. */}
      {canManage && requests.length > 0 && (
        <div className="dialog-section">
          <h3>Pedidos deste lote</h3>
          <ul className="lote-request-list">
            {requests.map((r) => (
              <li key={r.userId}>
                <span>
                  {r.nome} <span className="muted">· {formatDateTime(r.createdAt)}</span>
                </span>
                <span className="button-row">
                  <AnswerButtons
                    of={`pedido de ${r.nome}`}
                    disabled={busy}
                    approveDisabled={lote.status !== 'livre'}
                    onApprove={() => go({ kind: 'approve', userId: r.userId, nome: r.nome })}
                    onReject={() => go({ kind: 'reject', userId: r.userId, nome: r.nome })}
                  />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canManage && lote.status === 'livre' && (
        <form className="dialog-section lote-assign" onSubmit={handleAssign} noValidate>
          <SelectField label="Atribuir a" value={assignee} onChange={(e) => setAssignee(e.target.value)} error={assignError} disabled={busy}>
            <option value="">Escolha um membro</option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.nome}
                {m.userId === userId ? ' (você)' : ''}
              </option>
            ))}
          </SelectField>
          <SubmitButton busy={busy}>Atribuir</SubmitButton>
        </form>
      )}
      {canManage && !editing && (
        <div className="dialog-section lote-manage">
          {lote.status === 'livre' && (
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => go({ kind: 'status', status: 'manutencao' })}>
              Colocar em manutenção
            </button>
          )}
          {lote.status === 'manutencao' && (
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => go({ kind: 'status', status: 'livre' })}>
              Marcar como livre
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => {
              act.reset();
              setEditing(true);
            }}
          >
            Editar área e observações
          </button>
          {lote.status !== 'ocupado' && (
            <button type="button" className="button button-danger-outline" disabled={busy} onClick={() => setConfirm('delete')}>
              Excluir lote
            </button>
          )}
        </div>
      )}
      {canManage && editing && (
        <form className="dialog-section" onSubmit={handleEdit} noValidate>
          <InputField
            label="Área (m²)"
            name="area"
            inputMode="decimal"
            value={area}
            onChange={(e) => setArea(e.target.value)}
            error={editErrors.area ?? editServer.fields.area}
          />
          <TextAreaField
            label="Observações"
            name="observacoes"
            rows={3}
            value={observacoes}
            onChange={(e) => setObservacoes(e.target.value)}
            error={editErrors.observacoes ?? editServer.fields.observacoes}
            hint={`${observacoes.trim().length}/${loteLimits.maxObservacoes}`}
          />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setEditing(false)}>
              Cancelar edição
            </button>
            <SubmitButton busy={busy} busyLabel="Salvando...">
              Salvar lote
            </SubmitButton>
          </div>
        </form>
      )}

      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
          Fechar
        </button>
      </div>
    </Dialog>
  );
}
