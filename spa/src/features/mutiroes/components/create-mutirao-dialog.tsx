import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { fieldBinder, InputField, TextAreaField } from '@/components/ui/fields';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { todayBrasilia } from '@/lib/format';
import { useCreateMutirao } from '@/features/mutiroes/api/mutiroes';
import type { MutiraoDetail } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

const fields = ['titulo', 'data', 'hora', 'duracaoMin', 'local', 'descricao', 'tarefas'] as const;

interface TarefaValues {
  titulo: string;
  vagas: string;
}

/** The limits of shared/domain/mutirao.go, for the form to say before the server does. */
export const mutiraoLimits = { maxTarefas: 10, maxVagas: 30, maxTitulo: 80 };

/** Checks the form as the server would, naming each field. */
export function validateMutirao(v: { titulo: string; data: string; hora: string; horas: string; local: string }, tarefas: TarefaValues[]): FieldErrors {
  const e: FieldErrors = {};
  const titulo = v.titulo.trim();
  if (titulo.length < 3 || titulo.length > mutiraoLimits.maxTitulo) e.titulo = `O título deve ter de 3 a ${mutiraoLimits.maxTitulo} caracteres`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.data)) e.data = 'Informe a data do mutirão';
  else if (v.data < todayBrasilia()) e.data = 'O mutirão deve começar no futuro';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.hora)) e.hora = 'Informe a hora de início';
  const horas = Number(v.horas.replace(',', '.'));
  if (!(horas >= 0.5 && horas <= 12)) e.duracaoMin = 'A duração deve ser de 30 minutos a 12 horas';
  if (!v.local.trim()) e.local = 'Informe o local do mutirão';
  let total = 0;
  for (const [i, t] of tarefas.entries()) {
    const n = Number(t.vagas);
    if (!t.titulo.trim()) e[`tarefas[${i}].titulo`] = 'Dê um nome à tarefa';
    if (!Number.isInteger(n) || n < 1 || n > mutiraoLimits.maxVagas) e[`tarefas[${i}].vagas`] = `De 1 a ${mutiraoLimits.maxVagas} vagas`;
    else total += n;
  }
  if (total > mutiraoLimits.maxVagas) e.tarefas = `Um mutirão tem no máximo ${mutiraoLimits.maxVagas} vagas somando todas as tarefas`;
  return e;
}

/** Coordinators schedule a mutirão: when, where, for how long, and its tarefas with vagas. */
export function CreateMutiraoDialog({ groupId, onClose, onDone }: { groupId: string; onClose: () => void; onDone: (m: MutiraoDetail) => void }) {
  const [values, setValues] = useState({ titulo: '', data: '', hora: '08:00', horas: '3', local: '', descricao: '' });
  const [tarefas, setTarefas] = useState<TarefaValues[]>([{ titulo: '', vagas: '5' }]);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const create = useCreateMutirao(groupId);
  const form = useRef<HTMLFormElement>(null);
  const tarefaFields = tarefas.flatMap((_, i) => [`tarefas[${i}].titulo`, `tarefas[${i}].vagas`]);
  const server = serverErrors(create.error, [...fields, ...tarefaFields]);
  const errors: FieldErrors = { ...server.fields, ...clientErrors };
  const field = fieldBinder(values, set, errors);

  function set(key: keyof typeof values, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    setClientErrors((e) => ({ ...e, [key === 'horas' ? 'duracaoMin' : key]: undefined }));
  }

  function setTarefa(i: number, key: keyof TarefaValues, value: string) {
    setTarefas((ts) => ts.map((t, j) => (j === i ? { ...t, [key]: value } : t)));
    setClientErrors((e) => ({ ...e, [`tarefas[${i}].${key}`]: undefined, tarefas: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateMutirao(values, tarefas);
    setClientErrors(found);
    const first = Object.keys(found).find((k) => found[k]);
    if (first) {
      const name = first === 'duracaoMin' ? 'horas' : first;
      form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
      return;
    }
    create.mutate(
      {
        titulo: values.titulo.trim(),
        data: values.data,
        hora: values.hora,
        duracaoMin: Math.round(Number(values.horas.replace(',', '.')) * 60),
        local: values.local.trim(),
        descricao: values.descricao.trim(),
        tarefas: tarefas.map((t) => ({ titulo: t.titulo.trim(), vagas: Number(t.vagas) })),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <Dialog title="Novo mutirão" onClose={onClose} busy={create.isPending}>
      <form ref={form} onSubmit={handleSubmit} noValidate>
        <InputField label="Título" {...field('titulo')} placeholder="Por exemplo: Mutirão de plantio" maxLength={mutiraoLimits.maxTitulo + 20} />
        <div className="form-row">
          <InputField label="Data" {...field('data')} type="date" min={todayBrasilia()} />
          <InputField label="Hora de início" {...field('hora')} type="time" />
          <InputField label="Duração (horas)" {...field('horas')} inputMode="decimal" error={errors.duracaoMin} />
        </div>
        <InputField label="Local" {...field('local')} placeholder="Onde o grupo se encontra" />
        <TextAreaField label="Descrição (opcional)" {...field('descricao')} rows={3} placeholder="O que levar, como chegar…" />
        <fieldset className="dialog-section">
          <legend>Tarefas e vagas</legend>
          <div className="tarefa-inputs">
            {tarefas.map((t, i) => (
              <div className="tarefa-input" key={i}>
                <InputField
                  label={`Tarefa ${i + 1}`}
                  name={`tarefas[${i}].titulo`}
                  placeholder="Preparar canteiros"
                  value={t.titulo}
                  onChange={(e) => setTarefa(i, 'titulo', e.target.value)}
                  error={errors[`tarefas[${i}].titulo`]}
                />
                <InputField
                  label="Vagas"
                  name={`tarefas[${i}].vagas`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={mutiraoLimits.maxVagas}
                  value={t.vagas}
                  onChange={(e) => setTarefa(i, 'vagas', e.target.value)}
                  error={errors[`tarefas[${i}].vagas`]}
                />
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setTarefas((ts) => ts.filter((_, j) => j !== i))}
                  disabled={tarefas.length === 1}
                  aria-label={`Remover a tarefa ${i + 1}`}
                >
                  Remover
                </button>
              </div>
            ))}
          </div>
          <p className="field-error" role="alert">
            {errors.tarefas ?? null}
          </p>
          {tarefas.length < mutiraoLimits.maxTarefas && (
            <button type="button" className="link-button" onClick={() => setTarefas((ts) => [...ts, { titulo: '', vagas: '3' }])}>
              + Adicionar tarefa
            </button>
          )}
        </fieldset>
        <DialogFormFooter error={server.form} onCancel={onClose} busy={create.isPending} busyLabel="Agendando...">
          Agendar mutirão
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
