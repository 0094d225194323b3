import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldBinder, InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { charCount } from '@/lib/text';
import { entradaHint, entradaLabel, ufs } from '@/features/groups/labels';
import { groupLimits, validateGroup, type GroupFormValues } from '@/features/groups/validation';
import type { Entrada, GroupSummary, Visibilidade } from '@/types/api';
import '@/features/groups/groups.css';
import { SubmitButton } from '@/components/ui/submit-button';

const fieldOrder = ['nome', 'descricao', 'cidade', 'uf', 'fotoCapa', 'visibilidade', 'entrada', 'maxMembros'] as const;

export function initialGroupValues(group?: GroupSummary): GroupFormValues {
  return {
    nome: group?.nome ?? '',
    descricao: group?.descricao ?? '',
    cidade: group?.cidade ?? '',
    uf: group?.uf ?? '',
    fotoCapa: group?.fotoCapa ?? '',
    visibilidade: group?.visibilidade ?? 'publico',
    entrada: group?.entrada ?? 'aberta',
    maxMembros: String(group?.maxMembros ?? groupLimits.defaultMaxMembros),
  };
}

/**
 * The group's form, for creating and for editing. The client checks the server's rules first
 * (same words); whatever the server still refuses shows under its field, or above the buttons.
 */
export function GroupForm({
  initial,
  submitLabel,
  busyLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial: GroupFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: GroupFormValues) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // react-query clears a mutation's error when it runs again, so this is the last answer's.
  const server = serverErrors(error, fieldOrder);
  const errors: FieldErrors = { ...server.fields, ...clientErrors };
  const field = fieldBinder(values, set, errors);
  const serverField = Object.keys(server.fields)[0];

  // A field the server refused gets the focus, so its message (its description) is read out.
  useEffect(() => {
    if (serverField) form.current?.querySelector<HTMLElement>(`[name="${serverField}"]`)?.focus();
  }, [error, serverField]);

  function set<K extends keyof GroupFormValues>(key: K, value: GroupFormValues[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // A private group only takes invites (shared/domain checkAccess).
      if (key === 'visibilidade' && value === 'privado') next.entrada = 'convite';
      if (key === 'visibilidade' && value === 'publico' && v.entrada === 'convite' && initial.visibilidade === 'privado') next.entrada = 'aberta';
      return next;
    });
    if (clientErrors[key]) setClientErrors((e) => ({ ...e, [key]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || uploading) return;
    const found = validateGroup(values);
    setClientErrors(found);
    const first = fieldOrder.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(values);
  }

  const descricaoCount = charCount(values.descricao);
  return (
    <form ref={form} className="group-form" onSubmit={handleSubmit} noValidate>
      <InputField label="Nome do grupo" {...field('nome')} required autoComplete="off" hint={`De ${groupLimits.minNome} a ${groupLimits.maxNome} caracteres.`} />
      <TextAreaField label="Descrição (opcional)" {...field('descricao')} rows={4} hint={`${descricaoCount}/${groupLimits.maxDescricao}`} />
      <div className="group-form-row">
        <InputField label="Cidade" {...field('cidade')} required autoComplete="address-level2" className="group-form-cidade" />
        <SelectField label="UF" {...field('uf')} required className="group-form-uf">
          <option value="">Selecione</option>
          {ufs.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </SelectField>
      </div>
      <PhotoPicker
        label="Foto de capa (opcional)"
        name="fotoCapa"
        purpose="capa"
        value={values.fotoCapa ? [values.fotoCapa] : []}
        onChange={(keys) => set('fotoCapa', keys[0] ?? '')}
        onBusyChange={setUploading}
        error={errors.fotoCapa}
        alt="Foto de capa do grupo"
      />
      <fieldset className="group-form-choices" aria-describedby={errors.visibilidade ? 'grupo-visibilidade-erro' : undefined}>
        <legend>Visibilidade</legend>
        {(['publico', 'privado'] as Visibilidade[]).map((v) => (
          <label key={v} className="choice">
            <input type="radio" name="visibilidade" value={v} checked={values.visibilidade === v} onChange={() => set('visibilidade', v)} />
            <span>
              <strong>{v === 'publico' ? 'Público' : 'Privado'}</strong>
              <span className="muted">{v === 'publico' ? 'Aparece em Explorar Grupos.' : 'Só quem tem um convite encontra o grupo.'}</span>
            </span>
          </label>
        ))}
        <p id="grupo-visibilidade-erro" className="field-error" role="alert">
          {errors.visibilidade}
        </p>
      </fieldset>
      <fieldset className="group-form-choices" aria-describedby={errors.entrada ? 'grupo-entrada-erro' : undefined}>
        <legend>Entrada de novos membros</legend>
        {(['aberta', 'aprovacao', 'convite'] as Entrada[]).map((e) => {
          const disabled = values.visibilidade === 'privado' && e !== 'convite';
          return (
            <label key={e} className={`choice${disabled ? ' choice-disabled' : ''}`}>
              <input type="radio" name="entrada" value={e} checked={values.entrada === e} disabled={disabled} onChange={() => set('entrada', e)} />
              <span>
                <strong>{entradaLabel[e]}</strong>
                <span className="muted">{entradaHint[e]}</span>
              </span>
            </label>
          );
        })}
        {values.visibilidade === 'privado' && <p className="field-hint">Grupos privados só aceitam entrada por convite.</p>}
        <p id="grupo-entrada-erro" className="field-error" role="alert">
          {errors.entrada}
        </p>
      </fieldset>
      <InputField
        label="Limite de membros"
        {...field('maxMembros')}
        type="number"
        inputMode="numeric"
        min={groupLimits.minMembros}
        max={groupLimits.maxMembros}
        hint={`De ${groupLimits.minMembros} a ${groupLimits.maxMembros} (padrão ${groupLimits.defaultMaxMembros}).`}
        className="group-form-max"
      />
      <p className="form-error" role="alert">
        {server.form}
      </p>
      <div className="groups-form-actions">
        <SubmitButton busy={busy} busyLabel={busyLabel} disabled={uploading}>
          {submitLabel}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
