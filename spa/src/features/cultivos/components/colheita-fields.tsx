import { useState } from 'react';
import { InputField, SelectField } from '@/components/ui/fields';
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
  return (
    <>
      <InputField
        label="Quantidade"
        name="quantidade"
        inputMode="decimal"
        value={values.quantidade}
        onChange={(e) => onChange('quantidade', e.target.value)}
        error={errors.quantidade}
        required
      />
      <SelectField label="Unidade" name="unidade" value={values.unidade} onChange={(e) => onChange('unidade', e.target.value)} error={errors.unidade}>
        <option value="kg">kg</option>
        <option value="g">g</option>
        <option value="unidades">unidades</option>
        <option value="macos">maços</option>
      </SelectField>
      <InputField
        label="Data da colheita"
        name="data"
        type="date"
        value={values.data}
        min={dataPlantio}
        max={todayBrasilia()}
        onChange={(e) => onChange('data', e.target.value)}
        error={errors.data}
        required
      />
      <SelectField label="Destino" name="destino" value={values.destino} onChange={(e) => onChange('destino', e.target.value)} error={errors.destino}>
        <option value="consumo">Consumo</option>
        <option value="compartilhado">Compartilhado</option>
        <option value="doado">Doado</option>
      </SelectField>
    </>
  );
}
