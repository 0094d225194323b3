import { useState } from 'react';
import { fieldBinder, InputField, SelectField } from '@/components/ui/fields';
import type { FieldErrors } from '@/lib/errors';
import { todayBrasilia } from '@/lib/format';

export interface ColheitaValues {
  quantidade: string;
  unidade: string;
  data: string;
  destino: string;
}

/** A harvest form's values and the errors the client found (local); typing a quantidade clears its own. */
export function useColheitaForm(initial: ColheitaValues) {
  const [values, setValues] = useState(initial);
  const [local, setLocal] = useState<FieldErrors>({});
  function onChange(field: keyof ColheitaValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'quantidade') setLocal((l) => ({ ...l, quantidade: undefined }));
  }
  return { values, local, setLocal, onChange };
}

/** The quantidade typed, as a number; null, with its error shown (setLocal), when it is not above zero. */
export function checkQuantidade(quantidade: string, setLocal: (errors: FieldErrors) => void): number | null {
  const q = Number(quantidade.replace(',', '.'));
  if (!quantidade.trim() || !Number.isFinite(q) || q <= 0) {
    setLocal({ quantidade: 'A quantidade deve ser maior que zero' });
    return null;
  }
  setLocal({});
  return q;
}

/**
 * What a harvest says (quantity, unit, date, destination): recording one and correcting one. The
 * date lies between the planting (dataPlantio) and today in Brasília, as the server checks.
 */
export function ColheitaFields({
  values,
  errors,
  onChange,
  dataPlantio,
}: {
  values: ColheitaValues;
  errors: FieldErrors;
  onChange: (field: keyof ColheitaValues, value: string) => void;
  dataPlantio?: string;
}) {
  const field = fieldBinder(values, onChange, errors);
  return (
    <>
      <InputField label="Quantidade" {...field('quantidade')} inputMode="decimal" required />
      <SelectField label="Unidade" {...field('unidade')}>
        <option value="kg">kg</option>
        <option value="g">g</option>
        <option value="unidades">unidades</option>
        <option value="macos">maços</option>
      </SelectField>
      <InputField label="Data da colheita" {...field('data')} type="date" min={dataPlantio} max={todayBrasilia()} required />
      <SelectField label="Destino" {...field('destino')}>
        <option value="consumo">Consumo</option>
        <option value="compartilhado">Compartilhado</option>
        <option value="doado">Doado</option>
      </SelectField>
    </>
  );
}
