import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { CultivoFormEnd, CultivoPlantingFields, useCultivoForm } from '@/features/cultivos/components/cultivo-form';
import { CultivoPeopleFields } from '@/features/cultivos/components/cultivo-people-fields';
import { serverErrors } from '@/lib/errors';
import { useAuth } from '@/lib/auth/auth-context';
import { useEditCultivo, useGroupMembers } from '@/features/cultivos/api/cultivos';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

const fields = ['version', 'metodo', 'quantidade', 'unidade', 'dataPlantio', 'notas', 'loteCodigo', 'colaboradores'];

/**
 * Editing a cultivo's data. Every writer edits método, quantidade, plantio and notas; only the
 * responsible member of a group cultivo also sees the lote and the collaborators. The form is
 * sent whole with the version it was read at: if someone saved in between, the server answers
 * 409 and the form says to reload instead of overwriting their change.
 */
export function EditCultivoDialog({ cultivo: c, onClose, onSaved }: { cultivo: Cultivo; onClose: () => void; onSaved: () => void }) {
  const { userData } = useAuth();
  const responsavel = userData?.id === c.responsavelId;
  const people = responsavel && !!c.grupoId;
  const form = useCultivoForm({ metodo: c.metodo, quantidade: String(c.quantidade).replace('.', ','), unidade: c.unidade, dataPlantio: c.dataPlantio, notas: c.notas });
  const [loteCodigo, setLoteCodigo] = useState(c.loteCodigo ?? '');
  const [colaboradores, setColaboradores] = useState<string[]>(c.colaboradores.map((x) => x.userId));
  const members = useGroupMembers(people ? (c.grupoId ?? '') : '');
  const edit = useEditCultivo(c.id);
  const server = serverErrors(edit.error, fields);
  const errors = { ...server.fields, ...form.local };
  const comColheita = c.totais.colheitas > 0;


  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = form.check({});
    if (q === null) return;
    edit.mutate(
      {
        version: c.version,
        metodo: form.metodo as 'semente' | 'muda',
        quantidade: q,
        unidade: form.unidade as 'mudas' | 'sementes' | 'm2',
        dataPlantio: form.dataPlantio,
        notas: form.notas,
        loteCodigo: people ? loteCodigo : (c.loteCodigo ?? ''),
        colaboradores: people ? colaboradores : c.colaboradores.map((x) => x.userId),
      },
      { onSuccess: onSaved },
    );
  }

  const busy = edit.isPending;
  return (
    <Dialog title={`Editar cultivo de ${c.vegetalNome}`} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="dialog-body">
        <CultivoPlantingFields form={form} errors={errors} dateHint={comColheita ? 'A data de plantio não muda depois de uma colheita.' : undefined} dateDisabled={comColheita} />
        {people && (
          <CultivoPeopleFields
            members={members.data}
            loading={members.isPending}
            responsavelId={c.responsavelId}
            colaboradores={colaboradores}
            onColaboradores={setColaboradores}
            loteCodigo={loteCodigo}
            onLote={setLoteCodigo}
            currentLote={c.loteCodigo ?? undefined}
            errors={errors}
          />
        )}
        <CultivoFormEnd form={form} errors={errors} formError={server.form} busy={busy} busyLabel="Salvando..." onClose={onClose}>
          Salvar
        </CultivoFormEnd>
      </form>
    </Dialog>
  );
}
