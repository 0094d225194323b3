import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { InputField, TextAreaField } from '@/components/ui/fields';
import { CultivoAmountFields, CultivoPeopleFields } from '@/features/cultivos/components/cultivo-people-fields';
import { Spinner } from '@/components/ui/spinner';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { useAuth } from '@/lib/auth/auth-context';
import { useEditCultivo, useGroupMembers } from '@/features/cultivos/api/cultivos';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

const fields = ['version', 'metodo', 'quantidade', 'unidade', 'dataPlantio', 'notas', 'loteCodigo', 'colaboradores'];

/**
 * Editing a cultivo's data. Every writer edits método, quantidade, plantio and notas; only the
 * responsible member of a group cultivo also sees the lote and the collaborators. The form is
 * sent whole with the version it was read at: if someone saved in between, the server answers
 * 409 and the form says to reload instead of overwriting their change.
 */
export function EditCultivoDialog({ cultivo: c, onClose, onSaved }: { cultivo: Cultivo; onClose: () => void; onSaved: () => void }) {
  const { userData } = useAuth();
  const responsavel = userData?.id === c.responsavelId;
  const people = responsavel && !!c.grupoId;
  const [metodo, setMetodo] = useState<string>(c.metodo);
  const [quantidade, setQuantidade] = useState(String(c.quantidade).replace('.', ','));
  const [unidade, setUnidade] = useState<string>(c.unidade);
  const [dataPlantio, setDataPlantio] = useState(c.dataPlantio);
  const [notas, setNotas] = useState(c.notas);
  const [loteCodigo, setLoteCodigo] = useState(c.loteCodigo ?? '');
  const [colaboradores, setColaboradores] = useState<string[]>(c.colaboradores.map((x) => x.userId));
  const [local, setLocal] = useState<FieldErrors>({});
  const members = useGroupMembers(people ? (c.grupoId ?? '') : '');
  const edit = useEditCultivo(c.id);
  const server = serverErrors(edit.error, fields);
  const errors = { ...server.fields, ...local };
  const harvested = c.totais.colheitas > 0;


  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = Number(quantidade.replace(',', '.'));
    const errs: FieldErrors = {};
    if (!quantidade.trim() || !Number.isFinite(q) || q <= 0) errs.quantidade = 'A quantidade deve ser maior que zero';
    if (!dataPlantio) errs.dataPlantio = 'Informe a data de plantio (AAAA-MM-DD)';
    setLocal(errs);
    if (Object.keys(errs).length > 0) return;
    edit.mutate(
      {
        version: c.version,
        metodo: metodo as 'semente' | 'muda',
        quantidade: q,
        unidade: unidade as 'mudas' | 'sementes' | 'm2',
        dataPlantio,
        notas,
        loteCodigo: people ? loteCodigo : (c.loteCodigo ?? ''),
        colaboradores: people ? colaboradores : c.colaboradores.map((x) => x.userId),
      },
      { onSuccess: onSaved },
    );
  }

  const busy = edit.isPending;
  return (
    <Dialog title={`Editar cultivo de ${c.vegetalNome}`} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="dialog-body">
        <CultivoAmountFields
          metodo={metodo}
          onMetodo={setMetodo}
          quantidade={quantidade}
          onQuantidade={(v) => {
            setQuantidade(v);
            setLocal((l) => ({ ...l, quantidade: undefined }));
          }}
          unidade={unidade}
          onUnidade={setUnidade}
          errors={errors}
        />
        <InputField
          label="Data de plantio"
          name="dataPlantio"
          type="date"
          value={dataPlantio}
          onChange={(e) => setDataPlantio(e.target.value)}
          error={errors.dataPlantio}
          hint={harvested ? 'A data de plantio não muda depois de uma colheita.' : undefined}
          disabled={harvested}
          required
        />
        {people && (
          <CultivoPeopleFields
            members={members.data}
            loading={members.isPending}
            responsavelId={c.responsavelId}
            colaboradores={colaboradores}
            onColaboradores={setColaboradores}
            loteCodigo={loteCodigo}
            onLote={setLoteCodigo}
            currentLote={c.loteCodigo ?? undefined}
            errors={errors}
          />
        )}
        <TextAreaField label="Notas" name="notas" rows={3} maxLength={1000} value={notas} onChange={(e) => setNotas(e.target.value)} error={errors.notas} />
        <p className="form-error" role="alert">
          {server.form}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy && <Spinner size="sm" />}
            {busy ? 'Salvando...' : 'Salvar'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
