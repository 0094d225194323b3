import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/fields';
import { Spinner } from '@/components/ui/spinner';
import { serverErrors } from '@/lib/errors';
import { useChangeFase } from '@/features/cultivos/api/cultivos';
import type { Cultivo } from '@/types/api';

export function LostDialog({ cultivo, onClose, onDone }: { cultivo: Cultivo; onClose: () => void; onDone: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const change = useChangeFase(cultivo.id);
  const server = serverErrors(change.error, ['motivo', 'fase']);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!motivo.trim()) {
      setLocal('Informe o motivo da perda');
      return;
    }
    setLocal(null);
    change.mutate({ fase: 'perdido', motivo }, { onSuccess: onDone });
  }
  const busy = change.isPending;
  return (
    <Dialog title="Marcar como perdido" onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="dialog-body">
        <TextAreaField
          label="Motivo da perda"
          name="motivo"
          rows={3}
          maxLength={300}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          error={local ?? server.fields.motivo ?? server.fields.fase}
          required
        />
        <p className="form-error" role="alert">
          {server.form}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy && <Spinner size="sm" />}
            {busy ? 'Salvando...' : 'Marcar como perdido'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
