import { useState, type FormEvent } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { errorMessage, type FieldErrors } from '@/lib/errors';
import { plural } from '@/lib/format';
import { useAdminConquistas } from '@/features/admin/api/conquistas';
import { useAdminRules, useSaveRules } from '@/features/admin/api/rules';
import { RuleNumberField, RulesFormEnd, check } from '@/features/admin/components/rules-form';
import type { CampoRegra, ConquistaAdmin, Regras } from '@/types/api';
import '@/features/admin/admin.css';

const subtitle = 'O que cada conquista pede, quantos membros já a conquistaram e quantos pontos de bônus ela dá. Os pontos são regras do Verde: cada alteração fica no log de auditoria.';

const path = (codigo: string) => `conquistas.${codigo}`;

/**
 * /admin/conquistas: the catalogue with each conquista's rule and members, and its bonus points
 * edited in place. The points are rules (conquistas.<codigo>): a save sends the rules as loaded
 * with the new points, over the version loaded, as /admin/configuracoes does.
 */
export function ConquistasAdmin() {
  const conquistas = useAdminConquistas();
  const rules = useAdminRules();
  // The saved message outlives the editor, which a save remounts at the new version.
  const [flash, setFlash] = useState<string | null>(null);
  if (conquistas.isPending || rules.isPending)
    return (
      <>
        <PageHeader title="Conquistas" subtitle={subtitle} />
        <SectionLoader label="Carregando conquistas..." />
      </>
    );
  if (conquistas.isError || rules.isError)
    return (
      <>
        <PageHeader title="Conquistas" subtitle={subtitle} />
        <ErrorState
          title="Não foi possível carregar as conquistas"
          error={conquistas.error ?? rules.error}
          onRetry={() => {
            if (conquistas.isError) void conquistas.refetch();
            if (rules.isError) void rules.refetch();
          }}
        />
      </>
    );
  if (conquistas.data.items.length === 0)
    return (
      <>
        <PageHeader title="Conquistas" subtitle={subtitle} />
        <EmptyState title="Nenhuma conquista no catálogo">As conquistas do catálogo aparecem aqui com os seus pontos.</EmptyState>
      </>
    );
  return (
    <Editor
      key={rules.data.version}
      items={conquistas.data.items}
      rules={rules.data}
      onReload={() => {
        void rules.refetch();
        void conquistas.refetch();
      }}
      flash={flash}
      setFlash={setFlash}
    />
  );
}

function Editor({
  items,
  rules,
  onReload,
  flash,
  setFlash,
}: {
  items: ConquistaAdmin[];
  rules: Regras;
  onReload: () => void;
  flash: string | null;
  setFlash: (m: string | null) => void;
}) {
  const campos = new Map<string, CampoRegra>(rules.campos.filter((c) => c.campo.startsWith('conquistas.')).map((c) => [c.campo, c]));
  const bonus = rules.conquistas as unknown as Record<string, number>;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(items.map((c) => [c.codigo, String(bonus[c.codigo] ?? c.bonus)])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveRules();

  function campoOf(c: ConquistaAdmin): CampoRegra {
    return campos.get(path(c.codigo)) ?? { campo: path(c.codigo), rotulo: `Pontos da conquista ${c.nome}`, min: 0, max: 1000 };
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setFlash(null);
    const errs: FieldErrors = {};
    for (const c of items) {
      const msg = check(campoOf(c), values[c.codigo] ?? '');
      if (msg) errs[path(c.codigo)] = msg;
    }
    setErrors(errs);
    const first = items.find((c) => errs[path(c.codigo)]);
    if (first) {
      document.getElementById(`bonus-${first.codigo}`)?.focus();
      return;
    }
    const conquistas: Record<string, number> = { ...bonus };
    for (const c of items) conquistas[c.codigo] = Number(values[c.codigo]);
    save.mutate(
      { version: rules.version, pontos: rules.pontos, limites: rules.limites, conquistas: conquistas as Regras['conquistas'] },
      {
        onSuccess: (saved) => setFlash(`Pontos salvos (regras na versão ${saved.version}). Eles valem em até um minuto em todo o Verde.`),
        onError: (err) => {
          const codigo = err instanceof ApiError && err.field?.startsWith('conquistas.') ? err.field.slice('conquistas.'.length) : null;
          if (err instanceof ApiError && err.field && codigo && items.some((c) => c.codigo === codigo)) {
            setErrors({ [err.field]: err.message });
            document.getElementById(`bonus-${codigo}`)?.focus();
          }
        },
      },
    );
  }

  const formError = save.error && !(save.error instanceof ApiError && save.error.field?.startsWith('conquistas.')) ? errorMessage(save.error) : null;
  return (
    <>
      <PageHeader title="Conquistas" subtitle={subtitle} />
      <form className="conquistas-admin" onSubmit={submit} noValidate aria-label="Pontos das conquistas">
        <ul className="conquistas-admin-list" aria-label="Conquistas">
          {items.map((c) => {
            const campo = campoOf(c);
            return (
              <li key={c.codigo} className="card conquista-admin" aria-labelledby={`conquista-${c.codigo}`}>
                <div className="conquista-admin-main">
                  <h2 id={`conquista-${c.codigo}`}>{c.nome}</h2>
                  <p>{c.descricao}</p>
                  <p className="conquista-admin-regra">{c.regra}</p>
                  <p className="conquista-admin-membros">{plural(c.membros, 'membro', 'membros')}</p>
                </div>
                <RuleNumberField
                  id={`bonus-${c.codigo}`}
                  className="conquista-admin-bonus"
                  label="Pontos de bônus"
                  aria-label={`Pontos de bônus: ${c.nome}`}
                  campo={campo}
                  value={values[c.codigo] ?? ''}
                  error={errors[campo.campo]}
                  onChange={(value) => {
                    setValues((v) => ({ ...v, [c.codigo]: value }));
                    setErrors((errs) => ({ ...errs, [campo.campo]: undefined }));
                  }}
                />
              </li>
            );
          })}
        </ul>
        <RulesFormEnd save={save} formError={formError} onReload={onReload} reloadLabel="Recarregar conquistas" flash={flash} saveLabel="Salvar pontos" />
      </form>
    </>
  );
}
