import { useState, type FormEvent } from 'react';
import { FailureAlert } from '@/components/ui/query-states';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { PhotoStrip } from '@/components/ui/photo-strip';
import { Spinner } from '@/components/ui/spinner';
import { enc, queryString } from '@/lib/api-path';
import { serverErrors } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useConfirmColheita, useDeleteColheita, useEditColheita } from '@/features/cultivos/api/cultivos';
import { checkQuantidade, ColheitaFields, useColheitaForm } from '@/features/cultivos/components/colheita-fields';
import { cultivoHref } from '@/features/cultivos/components/cultivo-card';
import { colheitaShareText, destinoLabel, formatQuantidade, unidadeColheitaLabel } from '@/features/cultivos/labels';
import { ShareActions } from '@/components/ui/share-actions';
import type { Colheita, Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

/**
 * One harvest of a cultivo: what was harvested, whether it counts or waits for confirmation (and
 * why), and what the caller may do: its author corrects or deletes it within its window; another
 * member of the group confirms one that waits.
 */
export function ColheitaItem({ h, cultivo: c, meId, onMessage }: { h: Colheita; cultivo: Cultivo; meId: string | undefined; onMessage: (m: string) => void }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // When the page drew it: past its window, the buttons would only meet the server's 403.
  const [now] = useState(() => Date.now());
  const confirm = useConfirmColheita(c.id);
  const remove = useDeleteColheita(c.id);
  const mine = h.autorId === meId;
  const pending = h.status === 'a-confirmar';
  const editable = mine && Date.parse(h.editavelAte) > now;
  const canConfirm = pending && !mine && c.grupoId !== null && c.grupoId !== '' && !h.confirmacoes.includes(meId ?? '');
  const when = formatDate(h.data + 'T12:00:00Z');
  // A group harvest not for home use: its author may offer it to the group (partilha).
  const canShare = mine && !!c.grupoId && h.destino !== 'consumo';
  return (
    <li data-status={h.status}>
      <p className="diary-head">
        {when} · {h.autorNome}
        {h.pontos > 0 ? ` · +${h.pontos} pontos` : ''}
        {h.editadaEm ? ' · corrigida' : ''}
      </p>
      <p>
        {formatQuantidade(h.quantidade)} {unidadeColheitaLabel[h.unidade]} · {destinoLabel[h.destino]}
        {pending && <span className="tag tag-warning harvest-pending">A confirmar</span>}
      </p>
      {pending && (
        <p className="cultivo-meta">
          {h.duvida} {c.grupoId ? `Confirmações: ${h.confirmacoes.length} de ${h.confirmacoesNecessarias} (ou a de um coordenador).` : 'Na horta pessoal, ela fica fora dos rankings.'}
        </p>
      )}
      {h.foto && <PhotoStrip keys={[h.foto]} alt={`Colheita de ${c.vegetalNome} em ${when}`} />}
      {mine && (
        <p>
          <ShareActions url={`${window.location.origin}${cultivoHref(c)}`} title={`Colheita de ${c.vegetalNome}`} text={colheitaShareText(h, c)} />
        </p>
      )}
      {(canConfirm || editable || canShare) && (
        <div className="cultivo-actions">
          {canConfirm && (
            <button
              type="button"
              className="button button-primary"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(h.id, {
                  onSuccess: (r) => onMessage(r.status === 'confirmada' ? 'Colheita confirmada.' : 'Sua confirmação foi registrada.'),
                })
              }
            >
              {confirm.isPending && <Spinner size="sm" />}
              Confirmar colheita
            </button>
          )}
          {editable && (
            <>
              <button type="button" className="button button-secondary" onClick={() => setDialog('edit')}>
                Corrigir
              </button>
              <button type="button" className="button button-danger-outline" onClick={() => setDialog('delete')}>
                Apagar
              </button>
            </>
          )}
          {canShare && (
            <Link
              className="button button-secondary"
              to={`/grupos/${enc(c.grupoId!)}/partilhas/nova${queryString({ cultivo: c.id, colheita: h.id, quantidade: h.quantidade, unidade: h.unidade, vegetal: c.vegetalNome })}`}
            >
              Partilhar
            </Link>
          )}
        </div>
      )}
      <FailureAlert result={confirm} />
      {dialog === 'edit' && (
        <CorrectionDialog
          h={h}
          cultivo={c}
          onClose={() => setDialog(null)}
          onDone={(r) => {
            setDialog(null);
            onMessage(r.status === 'a-confirmar' ? 'Colheita corrigida: ela ficou a confirmar.' : 'Colheita corrigida.');
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog title="Apagar colheita" confirmLabel="Apagar" busyLabel="Apagando..." danger mutation={remove}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(h.id, {
              onSuccess: () => {
                setDialog(null);
                onMessage('Colheita apagada. Os pontos e os quilos dela foram retirados.');
              },
            })
          }
        >
          <p>
            A colheita de {formatQuantidade(h.quantidade)} {unidadeColheitaLabel[h.unidade]} de {when} sai do cultivo, dos totais e dos rankings, e os pontos
            que ela deu são devolvidos.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

const fields = ['quantidade', 'unidade', 'data', 'destino'];

function CorrectionDialog({ h, cultivo, onClose, onDone }: { h: Colheita; cultivo: Cultivo; onClose: () => void; onDone: (r: Colheita) => void }) {
  const { values, local, setLocal, onChange } = useColheitaForm({ quantidade: String(h.quantidade).replace('.', ','), unidade: h.unidade, data: h.data, destino: h.destino });
  const { quantidade, unidade, data, destino } = values;
  const edit = useEditColheita(cultivo.id);
  const server = serverErrors(edit.error, fields);
  const errors = { ...server.fields, ...local };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = checkQuantidade(quantidade, setLocal);
    if (q === null) return;
    edit.mutate(
      {
        id: h.id,
        input: { quantidade: q, unidade: unidade as Colheita['unidade'], data, destino: destino as Colheita['destino'] },
      },
      { onSuccess: onDone },
    );
  }
  return (
    <Dialog title="Corrigir colheita" onClose={onClose} busy={edit.isPending}>
      <form onSubmit={submit} noValidate className="dialog-body">
        <ColheitaFields
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <p className="form-error" role="alert">
          {server.form}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={edit.isPending}>
            Cancelar
          </button>
          <button type="submit" className="button button-primary" disabled={edit.isPending}>
            {edit.isPending && <Spinner size="sm" />}
            {edit.isPending ? 'Salvando...' : 'Salvar correção'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
