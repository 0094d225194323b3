import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/flash';
import { plural } from '@/lib/format';
import { useDeleteGroup, useUpdateGroup } from '@/features/groups/api/groups';
import { GroupForm, initialGroupValues } from '@/features/groups/components/group-form';
import { groupUpdateFrom } from '@/features/groups/form-values';
import type { GroupDetail } from '@/types/api';
import '@/features/groups/groups.css';

/** Edit the group (coordinators, site admins) and delete it (the dono, site admins). */
export function SettingsTab({ group, canDelete }: { group: GroupDetail; canDelete: boolean }) {
  const navigate = useNavigate();
  const update = useUpdateGroup(group.id);
  const remove = useDeleteGroup(group.id);
  const [notice, setNotice] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <div className="group-settings">
      <section className="card" aria-labelledby="grupo-editar">
        <h2 id="grupo-editar">Editar grupo</h2>
        <Notice message={notice} />
        <GroupForm
          key={group.id}
          initial={initialGroupValues(group)}
          submitLabel="Salvar alterações"
          busyLabel="Salvando..."
          busy={update.isPending}
          error={update.error}
          onSubmit={(values) => {
            setNotice('');
            const body = groupUpdateFrom(values, group);
            if (Object.keys(body).length === 1) {
              setNotice('Nada mudou: não há alterações para salvar.');
              return;
            }
            update.mutate(body, { onSuccess: () => setNotice('Alterações salvas.') });
          }}
        />
      </section>

      {canDelete && (
        <section className="card danger-zone" aria-labelledby="grupo-excluir">
          <h2 id="grupo-excluir">Excluir grupo</h2>
          <p className="muted">Remove o grupo com todos os membros, lotes e convites. Não dá para desfazer.</p>
          <button type="button" className="button button-danger" onClick={() => setConfirmDelete(true)}>
            Excluir grupo
          </button>
        </section>
      )}

      {confirmDelete && (
        <ConfirmDialog title={`Excluir o grupo ${group.nome}?`} confirmLabel="Excluir grupo" busyLabel="Excluindo..." danger mutation={remove} reset
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => navigate('/grupos', { replace: true, state: { aviso: `O grupo ${group.nome} foi excluído.` } }),
            })
          }
        >
          <p>
            {plural(group.memberCount, 'membro deixará', 'membros deixarão')} de participar e{' '}
            {plural(group.lotes.total, 'lote será apagado', 'lotes serão apagados')}, com os convites. Os cultivos do grupo passam para a
            Horta pessoal de quem é responsável por eles, com diário e colheitas. Esta ação não pode ser desfeita.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
