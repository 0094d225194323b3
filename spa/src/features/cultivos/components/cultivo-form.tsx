import { useState, type ReactNode } from 'react';
import { InputField, TextAreaField } from '@/components/ui/fields';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { Spinner } from '@/components/ui/spinner';
import type { FieldErrors } from '@/lib/errors';
import { CultivoAmountFields } from '@/features/cultivos/components/cultivo-people-fields';

// What the create and edit dialogs of a cultivo (create-cultivo-dialog.tsx, edit-cultivo-dialog.tsx)
// share: método, quantidade, unidade, plantio and notas, the client's own checks on them, and the
// end of the form (notas, then the end every cultivo dialog has: the server's error, Cancelar
// and the submit button).

export interface CultivoFormValues {
  metodo: string;
  quantidade: string;
  unidade: string;
  dataPlantio: string;
  notas: string;
}

/** The shared fields' state and the errors the client found (typing a quantidade clears its own). */
export function useCultivoForm(initial: CultivoFormValues) {
  const [metodo, setMetodo] = useState(initial.metodo);
  const [quantidade, setQuantidade] = useState(initial.quantidade);
  const [unidade, setUnidade] = useState(initial.unidade);
  const [dataPlantio, setDataPlantio] = useState(initial.dataPlantio);
  const [notas, setNotas] = useState(initial.notas);
  const [local, setLocal] = useState<FieldErrors>({});

  /**
   * Adds the quantidade's and the plantio's errors to `errs` (the dialog's own, found first) and
   * shows them all: the quantidade as a number when there is none, else null.
   */
  function check(errs: FieldErrors): number | null {
    const q = Number(quantidade.replace(',', '.'));
    if (!quantidade.trim() || !Number.isFinite(q) || q <= 0) errs.quantidade = 'A quantidade deve ser maior que zero';
    if (!dataPlantio) errs.dataPlantio = 'Informe a data de plantio (AAAA-MM-DD)';
    setLocal(errs);
    return Object.keys(errs).length > 0 ? null : q;
  }

  return {
    metodo,
    setMetodo,
    quantidade,
    setQuantidade: (v: string) => {
      setQuantidade(v);
      setLocal((l) => ({ ...l, quantidade: undefined }));
    },
    unidade,
    setUnidade,
    dataPlantio,
    setDataPlantio,
    notas,
    setNotas,
    local,
    check,
  };
}

type CultivoForm = ReturnType<typeof useCultivoForm>;

/** Método, quantidade and unidade, then the plantio date. */
export function CultivoPlantingFields({ form, errors, dateHint, dateDisabled }: { form: CultivoForm; errors: FieldErrors; dateHint?: string; dateDisabled?: boolean }) {
  return (
    <>
      <CultivoAmountFields
        metodo={form.metodo}
        onMetodo={form.setMetodo}
        quantidade={form.quantidade}
        onQuantidade={form.setQuantidade}
        unidade={form.unidade}
        onUnidade={form.setUnidade}
        errors={errors}
      />
      <InputField
        label="Data de plantio"
        name="dataPlantio"
        type="date"
        hint={dateHint}
        value={form.dataPlantio}
        onChange={(e) => form.setDataPlantio(e.target.value)}
        error={errors.dataPlantio}
        disabled={dateDisabled}
        required
      />
    </>
  );
}

/** Notas, the server's error for the form and its buttons: Cancelar, and `children` (the submit's label, or `busyLabel` while it runs). */
export function CultivoFormEnd({
  form,
  errors,
  formError,
  busy,
  busyLabel,
  onClose,
  children,
}: {
  form: CultivoForm;
  errors: FieldErrors;
  formError: ReactNode;
  busy: boolean;
  busyLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <TextAreaField label="Notas" name="notas" rows={3} maxLength={1000} value={form.notas} onChange={(e) => form.setNotas(e.target.value)} error={errors.notas} />
      <CultivoDialogActions formError={formError} busy={busy} onClose={onClose}>
        {busy ? busyLabel : children}
      </CultivoDialogActions>
    </>
  );
}

/**
 * The end of a cultivo dialog's form (create, edit, harvest, lost): the server's error for the
 * form, Cancelar, and the submit button with a spinner while `busy`; `children` is its label.
 */
export function CultivoDialogActions({
  formError,
  busy,
  onClose,
  submitClassName = 'button button-primary',
  children,
}: {
  formError: ReactNode;
  busy: boolean;
  onClose: () => void;
  submitClassName?: string;
  children: ReactNode;
}) {
  const submit = (
    <button type="submit" className={submitClassName} disabled={busy}>
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
  return <DialogFormFooter error={formError} onCancel={onClose} busy={busy} submit={submit} />;
}
