import { useMemo } from 'react';
import { InputField, SelectField, CappedCheckboxes } from '@/components/ui/fields';
import type { MemberPage } from '@/types/api';
import '@/features/cultivos/cultivos.css';

type Member = MemberPage['items'][number];

/** The most collaborators a cultivo has (besides its responsible member). */
export const maxColaboradores = 10;

/**
 * A group cultivo's people and place: the collaborators (any other member of the group, up to
 * ten) and the lote, chosen among the lotes the responsible member and the chosen collaborators
 * hold (plus `currentLote`, the one the cultivo is on now). Shared by the create and edit dialogs.
 */
export function CultivoPeopleFields({
  members,
  loading,
  responsavelId,
  colaboradores,
  onColaboradores,
  loteCodigo,
  onLote,
  currentLote,
  errors,
}: {
  members: Member[] | undefined;
  loading: boolean;
  responsavelId: string | undefined;
  colaboradores: string[];
  onColaboradores: (update: (current: string[]) => string[]) => void;
  loteCodigo: string;
  onLote: (codigo: string) => void;
  currentLote?: string;
  errors: { colaboradores?: string; loteCodigo?: string };
}) {
  const others = (members ?? []).filter((m) => m.userId !== responsavelId);
  const lotes = useMemo(() => {
    const held = (members ?? []).filter((m) => m.userId === responsavelId || colaboradores.includes(m.userId)).flatMap((m) => m.lotes);
    return [...new Set([...held, ...(currentLote ? [currentLote] : [])])].sort();
  }, [members, colaboradores, responsavelId, currentLote]);

  return (
    <>
      <fieldset className="field">
        <legend>Colaboradores (até {maxColaboradores})</legend>
        {loading && <p className="field-hint">Carregando membros...</p>}
        {!loading && others.length === 0 && <p className="field-hint">Nenhum outro membro no grupo.</p>}
        <CappedCheckboxes
          items={others.map((m) => ({ id: m.userId, label: m.nome }))}
          chosen={colaboradores}
          max={maxColaboradores}
          onToggle={(id, on) => onColaboradores((cs) => (on ? [...cs, id] : cs.filter((c) => c !== id)))}
        />
        <p className="field-error" role="alert">
          {errors.colaboradores ?? null}
        </p>
      </fieldset>
      <SelectField label="Lote (opcional)" name="loteCodigo" value={loteCodigo} onChange={(e) => onLote(e.target.value)} error={errors.loteCodigo}>
        <option value="">Sem lote</option>
        {lotes.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** How a cultivo is planted and how much: método, quantidade and unidade (create and edit dialogs). */
export function CultivoAmountFields({
  metodo,
  onMetodo,
  quantidade,
  onQuantidade,
  unidade,
  onUnidade,
  errors,
}: {
  metodo: string;
  onMetodo: (v: string) => void;
  quantidade: string;
  onQuantidade: (v: string) => void;
  unidade: string;
  onUnidade: (v: string) => void;
  errors: { metodo?: string; quantidade?: string; unidade?: string };
}) {
  return (
    <>
      <SelectField label="Método" name="metodo" value={metodo} onChange={(e) => onMetodo(e.target.value)} error={errors.metodo}>
        <option value="muda">Muda</option>
        <option value="semente">Semente</option>
      </SelectField>
      <InputField
        label="Quantidade"
        name="quantidade"
        inputMode="decimal"
        value={quantidade}
        onChange={(e) => onQuantidade(e.target.value)}
        error={errors.quantidade}
        required
      />
      <SelectField label="Unidade" name="unidade" value={unidade} onChange={(e) => onUnidade(e.target.value)} error={errors.unidade}>
        <option value="mudas">mudas</option>
        <option value="sementes">sementes</option>
        <option value="m2">m²</option>
      </SelectField>
    </>
  );
}
