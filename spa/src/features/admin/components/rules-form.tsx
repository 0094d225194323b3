import { useState, type FormEvent } from 'react';
import { InputField } from '@/components/ui/fields';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { errorMessage, type FieldErrors } from '@/lib/errors';
import { useAdminRules, useSaveRules } from '@/features/admin/api/rules';
import type { CampoRegra, Regras } from '@/types/api';
import '@/features/admin/admin.css';

type Values = Record<string, string>;

function valuesOf(r: Regras): Values {
  const out: Values = {};
  for (const c of r.campos) out[c.campo] = String(read(r, c.campo));
  return out;
}

type Group = 'pontos' | 'limites' | 'conquistas';

function read(r: Regras, path: string): number {
  const [group, field] = path.split('.') as [Group, string];
  return (r[group] as unknown as Record<string, number>)[field] ?? 0;
}

/** One rule's whole-number field with its range as the hint (/admin/configuracoes, /admin/conquistas). */
export function RuleNumberField({
  campo,
  onChange,
  ...field
}: {
  id: string;
  label: string;
  campo: CampoRegra;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <InputField
      {...field}
      name={campo.campo}
      type="number"
      inputMode="numeric"
      min={campo.min}
      max={campo.max}
      step={1}
      hint={`De ${campo.min} a ${campo.max}`}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The end of a rules form (/admin/configuracoes, /admin/conquistas): the save's error the fields
 * do not show, the reload a conflict (409) asks for, the flash after a save and the save button.
 */
export function RulesFormEnd({
  save,
  formError,
  onReload,
  reloadLabel,
  flash,
  saveLabel,
}: {
  save: ReturnType<typeof useSaveRules>;
  formError: string | null;
  onReload: () => void;
  reloadLabel: string;
  flash: string | null;
  saveLabel: string;
}) {
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  return (
    <>
      <p className="form-error" role="alert">
        {formError}
      </p>
      {conflict && (
        <button type="button" className="button button-secondary" onClick={onReload}>
          {reloadLabel}
        </button>
      )}
      <p className="visually-hidden" role="status">
        {flash}
      </p>
      {flash && <p className="flash">{flash}</p>}
      <div className="button-row">
        <SubmitButton busy={save.isPending} busyLabel="Salvando...">
          {saveLabel}
        </SubmitButton>
      </div>
    </>
  );
}

/** The client's own check: a whole number within the field's range, said as the API says it. */
export function check(c: CampoRegra, raw: string): string | null {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < c.min || n > c.max) return `${c.rotulo}: informe um número entre ${c.min} e ${c.max}`;
  return null;
}

/** /admin/configuracoes: every number of the rules with its range, saved over the version loaded. */
export function RulesForm() {
  const rules = useAdminRules();
  // The saved message outlives the editor, which a save remounts at the new version.
  const [flash, setFlash] = useState<string | null>(null);
  if (rules.isPending)
    return (
      <>
        <PageHeader title="Configurações" />
        <SectionLoader label="Carregando regras..." />
      </>
    );
  if (rules.isError)
    return (
      <>
        <PageHeader title="Configurações" />
        <ErrorState title="Não foi possível carregar as regras" error={rules.error} onRetry={() => void rules.refetch()} />
      </>
    );
  return <Editor key={rules.data.version} rules={rules.data} onReload={() => void rules.refetch()} flash={flash} setFlash={setFlash} />;
}

function Editor({ rules, onReload, flash, setFlash }: { rules: Regras; onReload: () => void; flash: string | null; setFlash: (m: string | null) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(rules));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveRules();

  function submit(e: FormEvent) {
    e.preventDefault();
    setFlash(null);
    const errs: FieldErrors = {};
    for (const c of rules.campos) {
      const msg = check(c, values[c.campo] ?? '');
      if (msg) errs[c.campo] = msg;
    }
    setErrors(errs);
    const first = rules.campos.find((c) => errs[c.campo]);
    if (first) {
      document.getElementById(`regra-${first.campo}`)?.focus();
      return;
    }
    const body: Record<Group, Record<string, number>> = { pontos: {}, limites: {}, conquistas: {} };
    for (const c of rules.campos) {
      const [group, field] = c.campo.split('.') as [Group, string];
      body[group][field] = Number(values[c.campo]);
    }
    save.mutate(
      {
        version: rules.version,
        pontos: body.pontos as Regras['pontos'],
        limites: body.limites as Regras['limites'],
        conquistas: body.conquistas as Regras['conquistas'],
      },
      {
        onSuccess: (saved) => setFlash(`Regras salvas (versão ${saved.version}). Elas valem em até um minuto em todo o Verde.`),
        onError: (err) => {
          if (err instanceof ApiError && err.field && rules.campos.some((c) => c.campo === err.field)) {
            setErrors({ [err.field]: err.message });
            document.getElementById(`regra-${err.field}`)?.focus();
          }
        },
      },
    );
  }

  const groups: { title: string; prefix: string }[] = [
    { title: 'Pontos por ação', prefix: 'pontos.' },
    { title: 'Limites', prefix: 'limites.' },
    { title: 'Bônus das conquistas', prefix: 'conquistas.' },
  ];
  const formError = save.error && !(save.error instanceof ApiError && save.error.field) ? errorMessage(save.error) : null;
  return (
    <>
      <PageHeader
        title="Configurações"
        subtitle={`Pontos por ação, limites diários e de grupos e o bônus de cada conquista. Versão ${rules.version}: cada alteração fica registrada no log de auditoria.`}
      />
      <form className="rules-form" onSubmit={submit} noValidate>
        {groups.map((g) => (
          <fieldset key={g.prefix} className="card rules-group">
            <legend>{g.title}</legend>
            <div className="rules-grid">
              {rules.campos
                .filter((c) => c.campo.startsWith(g.prefix))
                .map((c) => (
                  <RuleNumberField
                    key={c.campo}
                    id={`regra-${c.campo}`}
                    label={c.rotulo}
                    campo={c}
                    value={values[c.campo] ?? ''}
                    error={errors[c.campo]}
                    onChange={(value) => {
                      setValues((v) => ({ ...v, [c.campo]: value }));
                      setErrors((errs) => ({ ...errs, [c.campo]: undefined }));
                    }}
                  />
                ))}
            </div>
          </fieldset>
        ))}
        <RulesFormEnd save={save} formError={formError} onReload={onReload} reloadLabel="Recarregar regras" flash={flash} saveLabel="Salvar regras" />
      </form>
    </>
  );
}
