import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/fields';
import { serverErrors } from '@/lib/errors';
import { useChangeFase } from '@/features/cultivos/api/cultivos';
import { CultivoDialogActions } from '@/features/cultivos/components/cultivo-form';
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
        <CultivoDialogActions formError={server.form} busy={busy} onClose={onClose} submitClassName="button button-danger">
          {busy ? 'Salvando...' : 'Marcar como perdido'}
        </CultivoDialogActions>
      </form>
    </Dialog>
  );
}
