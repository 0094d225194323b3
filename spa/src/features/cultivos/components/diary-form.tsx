import { useState, type FormEvent } from 'react';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { Spinner } from '@/components/ui/spinner';
import { serverErrors } from '@/lib/errors';
import { todayBrasilia } from '@/lib/format';
import { isQueued } from '@/lib/offline/queued';
import { useAddDiario } from '@/features/cultivos/api/diario';
import { tipoDiarioLabel, tiposDiario } from '@/features/cultivos/labels';

/**
 * A diary entry: what happened and on which day (today unless changed; not before the planting,
 * not ahead). onDone gets the points the entry earned, or null when it went to the offline queue.
 */
export function DiaryForm({
  cultivoId,
  dataPlantio,
  vegetalNome,
  onDone,
}: {
  cultivoId: string;
  dataPlantio: string;
  vegetalNome: string;
  onDone: (pontos: number | null) => void;
}) {
  const today = todayBrasilia();
  const [tipo, setTipo] = useState<string>('rega');
  const [data, setData] = useState(today);
  const [texto, setTexto] = useState('');
  const [fotos, setFotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const add = useAddDiario(cultivoId, vegetalNome);
  const server = serverErrors(add.error, ['tipo', 'texto', 'fotos', 'data']);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    if (tipo === 'foto' && fotos.length === 0) {
      setLocal('Envie ao menos uma foto');
      return;
    }
    if (!texto.trim() && fotos.length === 0) {
      setLocal('Escreva algo ou envie uma foto');
      return;
    }
    setLocal(null);
    add.mutate(
      { tipo: tipo as 'rega', texto, fotos, data: data || today },
      {
        onSuccess: (r) => {
          setTexto('');
          setFotos([]);
          setData(todayBrasilia());
          onDone(isQueued(r) ? null : r.pontos);
        },
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Nova entrada no diário">
      <SelectField label="Tipo" name="tipo" value={tipo} onChange={(e) => setTipo(e.target.value)} error={server.fields.tipo}>
        {tiposDiario.map((t) => (
          <option key={t} value={t}>
            {tipoDiarioLabel[t]}
          </option>
        ))}
      </SelectField>
      <InputField
        label="Quando"
        name="data"
        type="date"
        value={data}
        min={dataPlantio}
        max={today}
        onChange={(e) => setData(e.target.value)}
        error={server.fields.data}
      />
      <TextAreaField
        label="O que aconteceu?"
        name="texto"
        rows={3}
        maxLength={1000}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        hint={`${texto.length}/1000`}
        error={local ?? server.fields.texto}
      />
      <PhotoPicker
        label="Fotos (opcional)"
        purpose="diario"
        max={4}
        keepOffline
        value={fotos}
        onChange={(keys) => {
          setFotos(keys);
          setLocal(null);
        }}
        onBusyChange={setUploading}
        error={server.fields.fotos}
        alt="Foto da entrada do diário"
      />
      <p className="form-error" role="alert">
        {server.form}
      </p>
      <button type="submit" className="button button-primary" disabled={add.isPending || uploading}>
        {add.isPending && <Spinner size="sm" />}
        {add.isPending ? 'Salvando...' : uploading ? 'Enviando foto...' : 'Adicionar ao diário'}
      </button>
    </form>
  );
}
