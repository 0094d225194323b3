import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { serverErrors } from '@/lib/errors';
import { useAddColheita } from '@/features/cultivos/api/cultivos';
import { CultivoDialogActions } from '@/features/cultivos/components/cultivo-form';
import { checkQuantidade, ColheitaFields, useColheitaForm } from '@/features/cultivos/components/colheita-fields';
import { todayBrasilia } from '@/lib/format';
import type { Queued } from '@/lib/offline/queued';
import type { ColheitaCriada, Cultivo } from '@/types/api';

const fields = ['quantidade', 'unidade', 'data', 'destino', 'foto'];

/** Records a harvest. The dialog's id makes a double submission one harvest (and 50 points once). */
export function ColheitaDialog({ cultivo, onClose, onDone }: { cultivo: Cultivo; onClose: () => void; onDone: (r: ColheitaCriada | Queued) => void }) {
  const id = useRef(crypto.randomUUID());
  const { values, local, setLocal, onChange } = useColheitaForm({ quantidade: '', unidade: 'kg', data: todayBrasilia(), destino: 'consumo' });
  const { quantidade, unidade, data, destino } = values;
  const [encerrar, setEncerrar] = useState(false);
  const [foto, setFoto] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const add = useAddColheita(cultivo.id, cultivo.vegetalNome);
  const server = serverErrors(add.error, fields);
  const errors = { ...server.fields, ...local };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const q = checkQuantidade(quantidade, setLocal);
    if (q === null) return;
    add.mutate(
      {
        id: id.current,
        quantidade: q,
        unidade: unidade as 'kg' | 'g' | 'unidades' | 'macos',
        data,
        destino: destino as 'consumo' | 'compartilhado' | 'doado',
        encerrar,
        ...(foto[0] ? { foto: foto[0] } : {}),
      },
      { onSuccess: onDone },
    );
  }
  const busy = add.isPending || uploading;
  return (
    <Dialog title="Registrar colheita" onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="dialog-body">
        <ColheitaFields
          values={values}
          errors={errors}
          dataPlantio={cultivo.dataPlantio}
          onChange={onChange}
        />
        <PhotoPicker
          label="Foto da colheita (opcional)"
          purpose="colheita"
          keepOffline
          value={foto}
          onChange={setFoto}
          onBusyChange={setUploading}
          error={errors.foto}
          alt={`Foto da colheita de ${cultivo.vegetalNome}`}
        />
        {cultivo.fase !== 'colhido' && (
          <label className="checkbox">
            <input type="checkbox" checked={encerrar} onChange={(e) => setEncerrar(e.target.checked)} /> Última colheita: encerrar o cultivo (colhido)
          </label>
        )}
        <CultivoDialogActions formError={server.form} busy={busy} onClose={onClose}>
          {add.isPending ? 'Registrando...' : uploading ? 'Enviando foto...' : 'Registrar colheita'}
        </CultivoDialogActions>
      </form>
    </Dialog>
  );
}
