import { useMemo, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
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

  const others = (members.data ?? []).filter((m) => m.userId !== c.responsavelId);
  const lotes = useMemo(() => {
    const list = members.data ?? [];
    const held = list.filter((m) => m.userId === c.responsavelId || colaboradores.includes(m.userId)).flatMap((m) => m.lotes);
    return [...new Set([...held, ...(c.loteCodigo ? [c.loteCodigo] : [])])].sort();
  }, [members.data, colaboradores, c.responsavelId, c.loteCodigo]);

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
        <SelectField label="Método" name="metodo" value={metodo} onChange={(e) => setMetodo(e.target.value)} error={errors.metodo}>
          <option value="muda">Muda</option>
          <option value="semente">Semente</option>
        </SelectField>
        <InputField
          label="Quantidade"
          name="quantidade"
          inputMode="decimal"
          value={quantidade}
          onChange={(e) => {
            setQuantidade(e.target.value);
            setLocal((l) => ({ ...l, quantidade: undefined }));
          }}
          error={errors.quantidade}
          required
        />
        <SelectField label="Unidade" name="unidade" value={unidade} onChange={(e) => setUnidade(e.target.value)} error={errors.unidade}>
          <option value="mudas">mudas</option>
          <option value="sementes">sementes</option>
          <option value="m2">m²</option>
        </SelectField>
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
          <>
            <fieldset className="field">
              <legend>Colaboradores (até 10)</legend>
              {members.isPending && <p className="field-hint">Carregando membros...</p>}
              {!members.isPending && others.length === 0 && <p className="field-hint">Nenhum outro membro no grupo.</p>}
              {others.map((m) => (
                <label key={m.userId} className="checkbox">
                  <input
                    type="checkbox"
                    checked={colaboradores.includes(m.userId)}
                    disabled={!colaboradores.includes(m.userId) && colaboradores.length >= 10}
                    onChange={(e) =>
                      setColaboradores((cs) => (e.target.checked ? [...cs, m.userId] : cs.filter((x) => x !== m.userId)))
                    }
                  />{' '}
                  {m.nome}
                </label>
              ))}
              <p className="field-error" role="alert">
                {errors.colaboradores ?? null}
              </p>
            </fieldset>
            <SelectField label="Lote (opcional)" name="loteCodigo" value={loteCodigo} onChange={(e) => setLoteCodigo(e.target.value)} error={errors.loteCodigo}>
              <option value="">Sem lote</option>
              {lotes.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </SelectField>
          </>
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
