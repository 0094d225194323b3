import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField, ItemOptions } from '@/components/ui/fields';
import { Flash } from '@/components/ui/flash';
import { useMyGroups } from '@/features/groups/api/groups';
import { useMyCultivos } from '@/features/cultivos/api/cultivos';
import { cultivoHref } from '@/features/cultivos/components/cultivo-card';
import { CultivoList } from '@/features/cultivos/components/cultivo-list';
import { CreateCultivoDialog } from '@/features/cultivos/components/create-cultivo-dialog';
import { faseLabel, faseOrder } from '@/features/cultivos/labels';

/** /cultivos: mine and those I help with, filtered by phase and group; ?novo=<vegetal> opens the create flow. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [fase, setFase] = useState('');
  const [grupo, setGrupo] = useState('');
  const groups = useMyGroups();
  const query = useMyCultivos({ fase: fase === 'ativos' ? '' : fase, grupo, ativos: fase === 'ativos' });
  const novo = params.get('novo');
  const groupOptions = (groups.data ?? []).map((g) => ({ id: g.id, nome: g.nome }));

  function closeCreate() {
    params.delete('novo');
    params.delete('grupo');
    params.delete('lote');
    setParams(params, { replace: true });
  }

  return (
    <>
      <PageHeader
        title="Cultivos"
        subtitle="Os seus cultivos e os que você ajuda a cuidar"
        actions={
          <button type="button" className="button button-primary" onClick={() => setParams({ novo: '' })}>
            Novo cultivo
          </button>
        }
      />
      <Flash />
      <div className="cultivo-filters" role="group" aria-label="Filtros">
        <SelectField label="Fase" name="fase" value={fase} onChange={(e) => setFase(e.target.value)}>
          <option value="">Todas</option>
          <option value="ativos">Em andamento</option>
          {[...faseOrder, 'perdido' as const].map((f) => (
            <option key={f} value={f}>
              {faseLabel[f]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Grupo" name="grupo" value={grupo} onChange={(e) => setGrupo(e.target.value)}>
          <option value="">Todos</option>
          <option value="pessoal">Horta pessoal</option>
          <ItemOptions items={groupOptions} />
        </SelectField>
      </div>
      <CultivoList
        query={query}
        empty={
          fase || grupo ? (
            <p>Nenhum cultivo com esses filtros.</p>
          ) : (
            <p>Quando você plantar algo em um dos seus grupos ou na sua horta pessoal, seus cultivos e os que você ajuda a cuidar aparecem aqui.</p>
          )
        }
      />
      {novo !== null && (
        <CreateCultivoDialog
          groups={groupOptions}
          initialVegetal={novo}
          initialGroup={params.get('grupo') ?? ''}
          initialLote={params.get('lote') ?? ''}
          onClose={closeCreate}
          onCreated={(c, pts) => navigate(cultivoHref(c), { state: { aviso: `Cultivo criado! +${pts} pontos.` } })}
        />
      )}
    </>
  );
}
