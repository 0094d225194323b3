import { useState } from 'react';
import { SelectField } from '@/components/ui/fields';
import { Notice } from '@/components/ui/flash';
import { useGroupCultivos } from '@/features/cultivos/api/cultivos';
import { CreateCultivoDialog } from '@/features/cultivos/components/create-cultivo-dialog';
import { CultivoList } from '@/features/cultivos/components/cultivo-list';
import { faseLabel, faseOrder } from '@/features/cultivos/labels';
import { useNavigate } from 'react-router-dom';
import { cultivoHref } from '@/features/cultivos/components/cultivo-card';

/** A group's cultivos (the group detail's "Cultivos" tab): filter by phase; members start one here. */
export function GroupCultivosTab({ groupId, groupNome, canCreate }: { groupId: string; groupNome: string; canCreate: boolean }) {
  const [fase, setFase] = useState('');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const query = useGroupCultivos(groupId, { fase, grupo: '', ativos: false });
  return (
    <section aria-label="Cultivos do grupo">
      <div className="cultivo-filters">
        <SelectField label="Fase" name="fase" value={fase} onChange={(e) => setFase(e.target.value)}>
          <option value="">Todas</option>
          {[...faseOrder, 'perdido' as const].map((f) => (
            <option key={f} value={f}>
              {faseLabel[f]}
            </option>
          ))}
        </SelectField>
        {canCreate && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Novo cultivo
          </button>
        )}
      </div>
      <Notice message={null} />
      <CultivoList query={query} showGroup={false} empty={<p>Nenhum cultivo neste grupo{fase ? ' nesta fase' : ''} ainda.</p>} />
      {creating && (
        <CreateCultivoDialog
          groups={[{ id: groupId, nome: groupNome }]}
          initialGroup={groupId}
          onClose={() => setCreating(false)}
          onCreated={(c, pts) => navigate(cultivoHref(c), { state: { aviso: `Cultivo criado! +${pts} pontos.` } })}
        />
      )}
    </section>
  );
}
