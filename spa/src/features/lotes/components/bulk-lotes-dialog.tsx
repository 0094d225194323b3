import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { fieldBinder, InputField, TextAreaField } from '@/components/ui/fields';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { plural } from '@/lib/format';
import { useCreateLotes } from '@/features/lotes/api/lotes';
import { areaFrom, loteLimits, validateBulkLotes, type BulkLotesValues } from '@/features/lotes/validation';
import '@/features/lotes/lotes.css';

const fields = ['prefixo', 'inicio', 'fim', 'area', 'observacoes'] as const;

/** The codes a range names ('A1 a A12', or 'A1' alone) and how many, when the range is well formed. */
export function rangeCodes(v: BulkLotesValues): { prefixo: string; inicio: number; fim: number; n: number; codes: string } | null {
  const prefixo = v.prefixo.trim().toUpperCase();
  const inicio = Number(v.inicio);
  const fim = Number(v.fim);
  if (!/^[A-Z]{0,3}$/.test(prefixo) || v.inicio.trim() === '' || v.fim.trim() === '') return null;
  if (!Number.isInteger(inicio) || !Number.isInteger(fim) || inicio < 1 || fim < inicio || fim > loteLimits.maxNumero) return null;
  const n = fim - inicio + 1;
  return { prefixo, inicio, fim, n, codes: n === 1 ? `${prefixo}${inicio}` : `${prefixo}${inicio} a ${prefixo}${fim}` };
}

/**
 * What the dialog will do, in words: never more than it will create. Over the cap it says that
 * nothing will be created and why; without a prefix it says the codes are plain numbers.
 */
export function rangePreview(v: BulkLotesValues): string | null {
  const r = rangeCodes(v);
  if (!r) return null;
  const max = loteLimits.maxPorVez;
  if (r.n > max) {
    const first = `${r.prefixo}${r.inicio} a ${r.prefixo}${r.inicio + max - 1}`;
    return `Nenhum lote será criado assim: ${r.codes} são ${r.n} lotes, e cada vez cria no máximo ${max} (todos ou nenhum). Crie ${first} agora e os seguintes depois.`;
  }
  const what = `${r.codes} (${plural(r.n, 'lote', 'lotes')})`;
  return r.prefixo === '' ? `Sem prefixo, os códigos serão só números: serão criados ${what}.` : `Serão criados ${what}.`;
}

/** Coordinators split the garden into lotes: a prefix, a number range and one area for all. */
export function BulkLotesDialog({ groupId, onClose, onDone }: { groupId: string; onClose: () => void; onDone: (message: string) => void }) {
  const [values, setValues] = useState<BulkLotesValues>({ prefixo: 'A', inicio: '1', fim: '12', area: '', observacoes: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const create = useCreateLotes(groupId);
  const form = useRef<HTMLFormElement>(null);
  const server = serverErrors(create.error, fields);
  const errors: FieldErrors = { ...server.fields, ...clientErrors };
  const field = fieldBinder(values, set, errors);
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
        onDone(`${plural(n, 'lote criado', 'lotes criados')}: ${rangeCodes(values)?.codes ?? ''}.`);
      },
    });
  }

  return (
    <Dialog title="Criar lotes" onClose={onClose} busy={create.isPending}>
      <form ref={form} onSubmit={handleSubmit} noValidate className="bulk-lotes-form">
        <p className="muted">
          Os lotes são criados livres, com códigos em sequência, como A1 a A12: até {loteLimits.maxPorVez} de cada vez, todos ou
          nenhum. Deixe o prefixo vazio para códigos só com números.
        </p>
        <div className="bulk-lotes-range">
          <InputField label="Prefixo" {...field('prefixo')} autoCapitalize="characters" maxLength={loteLimits.maxPrefixo + 2} />
          <InputField label="Do número" {...field('inicio')} type="number" inputMode="numeric" min={1} max={loteLimits.maxNumero} />
          <InputField label="Até o número" {...field('fim')} type="number" inputMode="numeric" min={1} max={loteLimits.maxNumero} />
        </div>
        <p className={`bulk-lotes-preview${(rangeCodes(values)?.n ?? 0) > loteLimits.maxPorVez ? ' bulk-lotes-preview-over' : ''}`} aria-live="polite">
          {preview ?? ''}
        </p>
        <InputField label="Área de cada lote (m²)" {...field('area')} inputMode="decimal" placeholder="Por exemplo 4,5" />
        <TextAreaField label="Observações (opcional)" {...field('observacoes')} rows={2} />
        <DialogFormFooter error={server.form} onCancel={onClose} busy={create.isPending} busyLabel="Criando lotes...">
          Criar lotes
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
