import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, ItemOptions } from '@/components/ui/fields';
import { CultivoFormEnd, CultivoPlantingFields, useCultivoForm } from '@/features/cultivos/components/cultivo-form';
import { CultivoPeopleFields } from '@/features/cultivos/components/cultivo-people-fields';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { useAuth } from '@/lib/auth/auth-context';
import { usePlanteAgora, useVegetais } from '@/features/cultivos/api/catalog';
import { useCreateCultivo, useGroupMembers } from '@/features/cultivos/api/cultivos';
import { epoca, meses, regionOf, regiaoLabel } from '@/features/cultivos/labels';
import { todayBrasilia } from '@/lib/format';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

export interface GroupOption {
  id: string;
  nome: string;
}

/** A vegetal as the Vegetal select names it: with its days to harvest, when the catalogue has them. */
const vegetalChoice = (v: { nome: string; diasColheitaMin: number; diasColheitaMax: number }) =>
  v.diasColheitaMax > 0 ? `${v.nome} (${v.diasColheitaMin}–${v.diasColheitaMax} dias)` : v.nome;

const fields = ['vegetalId', 'grupoId', 'loteCodigo', 'metodo', 'quantidade', 'unidade', 'dataPlantio', 'notas', 'fase', 'colaboradores'];

/**
 * Starting a cultivo: every vegetable in season for my region this month comes first (Plante
 * agora, in its order), the whole catalogue below; a month the calendar marks "não
 * recomendável" for my region is warned about, never blocked. A seedling already planted
 * starts growing (crescendo); seeds start sown (semeado).
 */
export function CreateCultivoDialog({
  groups,
  initialVegetal = '',
  initialGroup = '',
  initialLote = '',
  onClose,
  onCreated,
}: {
  groups: GroupOption[];
  initialVegetal?: string;
  initialGroup?: string;
  /** A lote of initialGroup to start on ("Novo cultivo neste lote"). */
  initialLote?: string;
  onClose: () => void;
  onCreated: (c: Cultivo, pontos: number) => void;
}) {
  const { userData } = useAuth();
  const [vegetalId, setVegetalId] = useState(initialVegetal);
  const [grupoId, setGrupoId] = useState(initialGroup);
  const [loteCodigo, setLoteCodigo] = useState(initialGroup ? initialLote : '');
  const form = useCultivoForm({ metodo: 'muda', quantidade: '', unidade: 'mudas', dataPlantio: todayBrasilia(), notas: '' });
  const { metodo, dataPlantio } = form;
  const [fase, setFase] = useState('semeado');
  const [colaboradores, setColaboradores] = useState<string[]>([]);
  const catalogue = useVegetais('');
  const plante = usePlanteAgora();
  const members = useGroupMembers(grupoId);
  const create = useCreateCultivo();
  const server = serverErrors(create.error, fields);
  const errors = { ...server.fields, ...form.local };

  const uf = userData?.uf ?? '';
  const region = regionOf(uf);
  const vegetal = catalogue.data?.find((v) => v.id === vegetalId);
  const month = Number(dataPlantio.slice(5, 7));
  const fits = vegetal && month >= 1 && month <= 12 ? epoca(vegetal, region, month) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errs: FieldErrors = {};
    if (!vegetalId) errs.vegetalId = 'Escolha o vegetal';
    const q = form.check(errs);
    if (q === null) return;
    create.mutate(
      {
        vegetalId,
        grupoId: grupoId || undefined,
        loteCodigo: grupoId && loteCodigo ? loteCodigo : undefined,
        metodo: metodo as 'semente' | 'muda',
        quantidade: q,
        unidade: form.unidade as 'mudas' | 'sementes' | 'm2',
        dataPlantio,
        notas: form.notas,
        // "Já plantei": a seedling is planted growing.
        fase: fase === 'planejado' ? 'planejado' : metodo === 'muda' ? 'crescendo' : 'semeado',
        colaboradores: grupoId ? colaboradores : [],
      },
      { onSuccess: (r) => onCreated(r.cultivo, r.pontos) },
    );
  }

  const busy = create.isPending;
  return (
    <Dialog title="Novo cultivo" onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="dialog-body">
        {plante.data && plante.data.items.length > 0 && (
          <div className="dialog-section">
            <p id="plante-agora-dica">
              Plante agora ({meses[plante.data.mes - 1]}, {plante.data.regiaoNome}): {plante.data.items.length}{' '}
              {plante.data.items.length === 1 ? 'hortaliça' : 'hortaliças'}
            </p>
            <ul className="suggestions" aria-describedby="plante-agora-dica">
              {plante.data.items.map((v) => (
                <li key={v.id}>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-pressed={v.id === vegetalId}
                    onClick={() => setVegetalId(v.id)}
                  >
                    {v.nome}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {plante.data && !plante.data.regiao && (
          <p className="field-hint">Informe sua UF em Meu Perfil para ver o que plantar agora na sua região.</p>
        )}
        <SelectField label="Vegetal" name="vegetalId" value={vegetalId} onChange={(e) => setVegetalId(e.target.value)} error={errors.vegetalId} required>
          <option value="">{catalogue.isPending ? 'Carregando...' : 'Escolha'}</option>
          <ItemOptions items={catalogue.data ?? []} label={vegetalChoice} />
        </SelectField>
        <SelectField
          label="Onde"
          name="grupoId"
          value={grupoId}
          onChange={(e) => {
            setGrupoId(e.target.value);
            setLoteCodigo('');
            setColaboradores([]);
          }}
          error={errors.grupoId}
        >
          <option value="">Horta pessoal</option>
          <ItemOptions items={groups} />
        </SelectField>
        {grupoId && (
          <CultivoPeopleFields
            members={members.data}
            loading={members.isPending}
            responsavelId={userData?.id}
            colaboradores={colaboradores}
            onColaboradores={setColaboradores}
            loteCodigo={loteCodigo}
            onLote={setLoteCodigo}
            errors={errors}
          />
        )}
        <CultivoPlantingFields form={form} errors={errors} dateHint={metodo === 'muda' ? 'O dia em que a muda foi para o canteiro: a colheita conta a partir dele.' : undefined} />
        {fits === false && (
          <p className="warning" role="status">
            {`Época não recomendável: o calendário da Embrapa não indica semear ${vegetal?.nome ?? ''} em ${meses[month - 1]} na região ${regiaoLabel[region]}. Você pode plantar mesmo assim.`}
          </p>
        )}
        <SelectField label="Fase inicial" name="fase" value={fase} onChange={(e) => setFase(e.target.value)} error={errors.fase}>
          <option value="semeado">{metodo === 'muda' ? 'Já plantei (crescendo)' : 'Já plantei (semeado)'}</option>
          <option value="planejado">Ainda vou plantar (planejado)</option>
        </SelectField>
        <CultivoFormEnd form={form} errors={errors} formError={server.form} busy={busy} busyLabel="Criando..." onClose={onClose}>
          Criar cultivo
        </CultivoFormEnd>
      </form>
    </Dialog>
  );
}
