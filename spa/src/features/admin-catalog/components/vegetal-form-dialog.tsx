import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { useCreateVegetal, useEditVegetal } from '@/features/admin-catalog/api/vegetais';
import type { VegetalAdmin, VegetalInput } from '@/types/api';
import '@/features/admin-catalog/admin-catalog.css';

const regions = [
  ['sul', 'Sul'],
  ['sudeste', 'Sudeste'],
  ['nordeste', 'Nordeste'],
  ['centroOeste', 'Centro-Oeste'],
  ['norte', 'Norte'],
] as const;
type Region = (typeof regions)[number][0];
const months = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];
const monthNames = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

const textFields = ['nomeCientifico', 'familia', 'espacamento', 'profundidade', 'sol', 'rega', 'fonte'] as const;
const fieldNames = ['nome', 'estacao', 'metodo', 'diasColheitaMin', 'diasColheitaMax', 'cuidados', 'companheiras', 'semeadura', 'version', ...textFields, ...regions.map(([r]) => `semeadura.${r}`)];

interface FormState {
  nome: string;
  estacao: '' | 'verao' | 'inverno';
  metodo: '' | 'semente' | 'muda' | 'ambos';
  diasColheitaMin: string;
  diasColheitaMax: string;
  cuidados: string;
  companheiras: string;
  nomeCientifico: string;
  familia: string;
  espacamento: string;
  profundidade: string;
  sol: string;
  rega: string;
  fonte: string;
  semeadura: Record<Region, number[]>;
}

function initial(v?: VegetalAdmin): FormState {
  const cal = (r: Region) => v?.semeadura?.[r] ?? [];
  return {
    nome: v?.nome ?? '',
    estacao: v?.estacao ?? '',
    metodo: v?.metodo ?? '',
    diasColheitaMin: v ? String(v.diasColheitaMin) : '',
    diasColheitaMax: v ? String(v.diasColheitaMax) : '',
    cuidados: v?.cuidados ?? '',
    companheiras: (v?.companheiras ?? []).join(', '),
    nomeCientifico: v?.nomeCientifico ?? '',
    familia: v?.familia ?? '',
    espacamento: v?.espacamento ?? '',
    profundidade: v?.profundidade ?? '',
    sol: v?.sol ?? '',
    rega: v?.rega ?? '',
    fonte: v?.fonte ?? '',
    semeadura: { sul: cal('sul'), sudeste: cal('sudeste'), nordeste: cal('nordeste'), centroOeste: cal('centroOeste'), norte: cal('norte') },
  };
}

/** The form's own checks, the same rules (and words) as the API's. */
function check(f: FormState): FieldErrors {
  const e: FieldErrors = {};
  if (!f.nome.trim()) e.nome = 'Informe o nome do vegetal';
  const min = Number(f.diasColheitaMin);
  const max = Number(f.diasColheitaMax);
  if (!Number.isInteger(min) || min < 1 || min > 730) e.diasColheitaMin = 'O ciclo mínimo deve ser entre 1 e 730 dias';
  if (!Number.isInteger(max) || max < 1 || max > 730) e.diasColheitaMax = 'O ciclo máximo deve ser entre 1 e 730 dias';
  else if (!e.diasColheitaMin && min > max) e.diasColheitaMax = 'O ciclo máximo deve ser maior ou igual ao mínimo';
  return e;
}

function bodyOf(f: FormState, keepNoCalendar: boolean): VegetalInput {
  const body: VegetalInput = {
    nome: f.nome,
    estacao: f.estacao,
    metodo: f.metodo as VegetalInput['metodo'],
    diasColheitaMin: Number(f.diasColheitaMin),
    diasColheitaMax: Number(f.diasColheitaMax),
    cuidados: f.cuidados,
    companheiras: f.companheiras
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    nomeCientifico: f.nomeCientifico,
    familia: f.familia,
    espacamento: f.espacamento,
    profundidade: f.profundidade,
    sol: f.sol,
    rega: f.rega,
    fonte: f.fonte,
  };
  const anyMonth = regions.some(([r]) => f.semeadura[r].length > 0);
  if (anyMonth || !keepNoCalendar) body.semeadura = f.semeadura;
  return body;
}

/** Create (no vegetal) or edit a vegetable; errors under their fields, the rest above the buttons. */
export function VegetalFormDialog({ vegetal, onClose, onSaved }: { vegetal?: VegetalAdmin; onClose: () => void; onSaved: (v: VegetalAdmin) => void }) {
  const [form, setForm] = useState<FormState>(() => initial(vegetal));
  const [local, setLocal] = useState<FieldErrors>({});
  const create = useCreateVegetal();
  const edit = useEditVegetal(vegetal?.id ?? '');
  const mutation = vegetal ? edit : create;
  const server = serverErrors(mutation.error, fieldNames);
  const err = (name: string) => local[name] ?? server.fields[name];
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const busy = mutation.isPending;
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, the first field at fault takes the focus (and scrolls into view).
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  function toggle(region: Region, month: number) {
    setForm((f) => {
      const cur = f.semeadura[region];
      const next = cur.includes(month) ? cur.filter((m) => m !== month) : [...cur, month].sort((a, b) => a - b);
      return { ...f, semeadura: { ...f.semeadura, [region]: next } };
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = check(form);
    setLocal(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    const body = bodyOf(form, !!vegetal && vegetal.semeadura === null);
    if (vegetal) edit.mutate({ ...body, version: vegetal.version }, { onSuccess: onSaved, onError: focusFirstError });
    else create.mutate(body, { onSuccess: onSaved, onError: focusFirstError });
  }

  return (
    <Dialog title={vegetal ? `Editar ${vegetal.nome}` : 'Novo vegetal'} onClose={onClose} busy={busy}>
      <form ref={formRef} onSubmit={submit} noValidate className="dialog-body vegetal-form">
        <div className="vegetal-form-grid">
          <InputField label="Nome" name="nome" maxLength={80} value={form.nome} onChange={(e) => set('nome', e.target.value)} error={err('nome')} required />
          <SelectField label="Estação" name="estacao" value={form.estacao} onChange={(e) => set('estacao', e.target.value as FormState['estacao'])} error={err('estacao')}>
            <option value="">Nenhuma</option>
            <option value="verao">Verão</option>
            <option value="inverno">Inverno</option>
          </SelectField>
          <InputField label="Nome científico" name="nomeCientifico" maxLength={200} value={form.nomeCientifico} onChange={(e) => set('nomeCientifico', e.target.value)} error={err('nomeCientifico')} />
          <InputField label="Família" name="familia" maxLength={200} value={form.familia} onChange={(e) => set('familia', e.target.value)} error={err('familia')} />
          <SelectField label="Método" name="metodo" value={form.metodo} onChange={(e) => set('metodo', e.target.value as FormState['metodo'])} error={err('metodo')}>
            <option value="">Não informado</option>
            <option value="semente">Semente</option>
            <option value="muda">Muda</option>
            <option value="ambos">Ambos</option>
          </SelectField>
          <InputField label="Ciclo mínimo (dias)" name="diasColheitaMin" type="number" inputMode="numeric" min={1} max={730} value={form.diasColheitaMin} onChange={(e) => set('diasColheitaMin', e.target.value)} error={err('diasColheitaMin')} required />
          <InputField label="Ciclo máximo (dias)" name="diasColheitaMax" type="number" inputMode="numeric" min={1} max={730} value={form.diasColheitaMax} onChange={(e) => set('diasColheitaMax', e.target.value)} error={err('diasColheitaMax')} required />
          <InputField label="Espaçamento" name="espacamento" maxLength={200} value={form.espacamento} onChange={(e) => set('espacamento', e.target.value)} error={err('espacamento')} />
          <InputField label="Profundidade" name="profundidade" maxLength={200} value={form.profundidade} onChange={(e) => set('profundidade', e.target.value)} error={err('profundidade')} />
          <InputField label="Sol" name="sol" maxLength={200} value={form.sol} onChange={(e) => set('sol', e.target.value)} error={err('sol')} />
          <InputField label="Rega" name="rega" maxLength={200} value={form.rega} onChange={(e) => set('rega', e.target.value)} error={err('rega')} />
        </div>
        <TextAreaField label="Cuidados" name="cuidados" rows={3} maxLength={2000} value={form.cuidados} onChange={(e) => set('cuidados', e.target.value)} error={err('cuidados')} />
        <InputField label="Companheiras" name="companheiras" hint="Separadas por vírgula, até 20." value={form.companheiras} onChange={(e) => set('companheiras', e.target.value)} error={err('companheiras')} />
        <fieldset className="sowing-calendar">
          <legend>Calendário de semeadura</legend>
          <p className="field-hint">Marque os meses recomendados para semear em cada região. Sem meses: não recomendável na região.</p>
          {regions.map(([r, label]) => (
            <fieldset key={r} className="sowing-region">
              <legend>{label}</legend>
              <div className="sowing-months">
                {months.map((m, i) => (
                  <label key={m} className="sowing-month">
                    <input type="checkbox" checked={form.semeadura[r].includes(i + 1)} onChange={() => toggle(r, i + 1)} aria-label={`${label}: ${monthNames[i]}`} />
                    <span aria-hidden="true">{m}</span>
                  </label>
                ))}
              </div>
              {(err(`semeadura.${r}`) ?? null) && <p className="field-error">{err(`semeadura.${r}`)}</p>}
            </fieldset>
          ))}
          {err('semeadura') && <p className="field-error">{err('semeadura')}</p>}
        </fieldset>
        <InputField label="Fonte" name="fonte" maxLength={200} value={form.fonte} onChange={(e) => set('fonte', e.target.value)} error={err('fonte')} />
        <DialogFormFooter error={server.form ?? (err('version') || null)} onCancel={onClose} busy={busy} busyLabel="Salvando...">
          {vegetal ? 'Salvar alterações' : 'Criar vegetal'}
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
