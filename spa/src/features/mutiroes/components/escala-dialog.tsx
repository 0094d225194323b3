import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { useCreateEscala, useGroupMembers, useUpdateEscala } from '@/features/mutiroes/api/shared-work';
import { diasSemana } from '@/features/mutiroes/labels';
import type { Escala } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

const fields = ['nome', 'descricao', 'hora', 'duracaoMin', 'turnos'] as const;

/** Coordinators make an escala or change its rota: a name, the time, the duration and who on each weekday. */
export function EscalaDialog({ groupId, escala, onClose, onDone }: { groupId: string; escala?: Escala; onClose: () => void; onDone: (e: Escala) => void }) {
  const [values, setValues] = useState({
    nome: escala?.nome ?? '',
    descricao: escala?.descricao ?? '',
    hora: escala?.hora ?? '07:00',
    duracao: String(escala?.duracaoMin ?? 30),
  });
  const [dias, setDias] = useState<string[]>(() => diasSemana.map((_, d) => escala?.turnos.find((t) => t.dia === d)?.userId ?? ''));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const members = useGroupMembers(groupId);
  const create = useCreateEscala(groupId);
  const update = useUpdateEscala(groupId, escala?.id ?? '');
  const save = escala ? update : create;
  const server = serverErrors(save.error, fields);
  const errors: FieldErrors = { ...server.fields, ...clientErrors };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const found: FieldErrors = {};
    if (values.nome.trim().length < 2) found.nome = 'Dê um nome à escala, como Rega';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.hora)) found.hora = 'Informe a hora do turno';
    const dur = Number(values.duracao);
    if (!Number.isInteger(dur) || dur < 5 || dur > 480) found.duracaoMin = 'De 5 a 480 minutos';
    setClientErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        nome: values.nome.trim(),
        descricao: values.descricao.trim(),
        hora: values.hora,
        duracaoMin: dur,
        version: escala?.version,
        turnos: dias.flatMap((userId, dia) => (userId ? [{ dia, userId }] : [])),
      },
      { onSuccess: (e) => onDone(e as Escala) },
    );
  }

  return (
    <Dialog title={escala ? 'Editar escala' : 'Nova escala'} onClose={onClose} busy={save.isPending}>
      <form onSubmit={submit} noValidate>
        <InputField label="Nome" name="nome" placeholder="Rega, compostagem, abrir o portão…" value={values.nome} onChange={(e) => setValues((v) => ({ ...v, nome: e.target.value }))} error={errors.nome} />
        <div className="form-row">
          <InputField label="Hora" name="hora" type="time" value={values.hora} onChange={(e) => setValues((v) => ({ ...v, hora: e.target.value }))} error={errors.hora} />
          <InputField
            label="Duração (minutos)"
            name="duracaoMin"
            type="number"
            inputMode="numeric"
            min={5}
            max={480}
            value={values.duracao}
            onChange={(e) => setValues((v) => ({ ...v, duracao: e.target.value }))}
            error={errors.duracaoMin}
          />
        </div>
        <TextAreaField label="Descrição (opcional)" name="descricao" rows={2} value={values.descricao} onChange={(e) => setValues((v) => ({ ...v, descricao: e.target.value }))} error={errors.descricao} />
        <fieldset className="dialog-section">
          <legend>Quem fica com cada dia</legend>
          {members.isError && <p className="form-error">Não foi possível carregar os membros.</p>}
          <div className="form-row">
            {diasSemana.map((nome, d) => (
              <SelectField key={nome} label={nome[0]!.toUpperCase() + nome.slice(1)} name={`dia-${d}`} value={dias[d]} onChange={(e) => setDias((ds) => ds.map((x, i) => (i === d ? e.target.value : x)))}>
                <option value="">Ninguém</option>
                {(members.data ?? []).map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.nome}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <p className="field-error" role="alert">
            {errors.turnos ?? null}
          </p>
        </fieldset>
        <DialogFormFooter error={server.form} onCancel={onClose} busy={save.isPending} busyLabel="Salvando...">
          {escala ? 'Salvar escala' : 'Criar escala'}
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
