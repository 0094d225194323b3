import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { InputField, TextAreaField } from '@/components/ui/fields';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { plural } from '@/lib/format';
import { useCreateLotes } from '@/features/lotes/api/lotes';
import { areaFrom, loteLimits, validateBulkLotes, type BulkLotesValues } from '@/features/lotes/validation';
import '@/features/lotes/lotes.css';
import { SubmitButton } from '@/components/ui/submit-button';

const fields = ['prefixo', 'inicio', 'fim', 'area', 'observacoes'] as const;

/** 'A1 a A12 (12 lotes)' for a valid range, else null. */
export function rangePreview(v: BulkLotesValues): string | null {
  const p = v.prefixo.trim().toUpperCase();
  const i = Number(v.inicio);
  const f = Number(v.fim);
  if (!/^[A-Z]{0,3}$/.test(p) || !Number.isInteger(i) || !Number.isInteger(f) || i < 1 || f < i || v.inicio === '' || v.fim === '') return null;
  const n = f - i + 1;
  return `${n === 1 ? `${p}${i}` : `${p}${i} a ${p}${f}`} (${plural(n, 'lote', 'lotes')})`;
}

/** Coordinators split the garden into lotes: a prefix, a number range and one area for all. */
export function BulkLotesDialog({ groupId, onClose, onDone }: { groupId: string; onClose: () => void; onDone: (message: string) => void }) {
  const [values, setValues] = useState<BulkLotesValues>({ prefixo: 'A', inicio: '1', fim: '12', area: '', observacoes: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const create = useCreateLotes(groupId);
  const form = useRef<HTMLFormElement>(null);
  const server = serverErrors(create.error, fields);
  const errors: FieldErrors = { ...server.fields, ...clientErrors };
  const preview = rangePreview(values);

  function set(key: keyof BulkLotesValues, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (clientErrors[key]) setClientErrors((e) => ({ ...e, [key]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateBulkLotes(values);
    setClientErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const input = {
      prefixo: values.prefixo.trim().toUpperCase(),
      inicio: Number(values.inicio),
      fim: Number(values.fim),
      area: areaFrom(values.area),
      observacoes: values.observacoes.trim(),
    };
    create.mutate(input, {
      onSuccess: (page) => {
        const n = page?.items?.length ?? input.fim - input.inicio + 1;
        onDone(`${plural(n, 'lote criado', 'lotes criados')}: ${rangePreview(values)?.replace(/ \(.*\)$/, '') ?? ''}.`);
      },
    });
  }

  return (
    <Dialog title="Criar lotes" onClose={onClose} busy={create.isPending}>
      <form ref={form} onSubmit={handleSubmit} noValidate className="bulk-lotes-form">
        <p className="muted">Os lotes são criados livres, com códigos em sequência, como A1 a A12.</p>
        <div className="bulk-lotes-range">
          <InputField
            label="Prefixo"
            name="prefixo"
            value={values.prefixo}
            onChange={(e) => set('prefixo', e.target.value)}
            autoCapitalize="characters"
            maxLength={loteLimits.maxPrefixo + 2}
            error={errors.prefixo}
          />
          <InputField
            label="Do número"
            name="inicio"
            type="number"
            inputMode="numeric"
            min={1}
            max={loteLimits.maxNumero}
            value={values.inicio}
            onChange={(e) => set('inicio', e.target.value)}
            error={errors.inicio}
          />
          <InputField
            label="Até o número"
            name="fim"
            type="number"
            inputMode="numeric"
            min={1}
            max={loteLimits.maxNumero}
            value={values.fim}
            onChange={(e) => set('fim', e.target.value)}
            error={errors.fim}
          />
        </div>
        <p className="bulk-lotes-preview" aria-live="polite">
          {preview ? `Serão criados ${preview}.` : ''}
        </p>
        <InputField
          label="Área de cada lote (m²)"
          name="area"
          inputMode="decimal"
          placeholder="Por exemplo 4,5"
          value={values.area}
          onChange={(e) => set('area', e.target.value)}
          error={errors.area}
        />
        <TextAreaField
          label="Observações (opcional)"
          name="observacoes"
          rows={2}
          value={values.observacoes}
          onChange={(e) => set('observacoes', e.target.value)}
          error={errors.observacoes}
        />
        <p className="form-error" role="alert">
          {server.form}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </button>
          <SubmitButton busy={create.isPending} busyLabel="Criando lotes...">
            Criar lotes
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
