import { lazy, Suspense, useDeferredValue, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { InputField, TextAreaField, CappedCheckboxes } from '@/components/ui/fields';
import { SectionLoader } from '@/components/ui/query-states';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { useCreateGuide, useEditGuide } from '@/features/admin-catalog/api/guides';
import { useAdminVegetais } from '@/features/admin-catalog/api/vegetais';
import type { Guia } from '@/types/api';
import '@/features/admin-catalog/admin-catalog.css';

const MarkdownText = lazy(() => import('@/components/ui/markdown'));

const fieldNames = ['titulo', 'corpo', 'vegetais', 'version'];
const MAX_CORPO = 20000;
const MAX_VEGETAIS = 10;

/** The form's own checks, the same rules (and words) as the API's. */
function check(titulo: string, corpo: string, vegetais: string[]): FieldErrors {
  const e: FieldErrors = {};
  if (!titulo.trim()) e.titulo = 'Informe o título do guia';
  if (!corpo.trim()) e.corpo = 'Escreva o texto do guia';
  if (vegetais.length === 0) e.vegetais = 'Escolha ao menos um vegetal';
  return e;
}

/**
 * Create (no guia) or edit a guide: title, markdown text with a preview rendered exactly as
 * members see it (no raw HTML), and the vegetables whose cultivos show it.
 */
export function GuideFormDialog({ guia, onClose, onSaved }: { guia?: Guia; onClose: () => void; onSaved: (g: Guia) => void }) {
  const [titulo, setTitulo] = useState(guia?.titulo ?? '');
  const [corpo, setCorpo] = useState(guia?.corpo ?? '');
  const [vegetais, setVegetais] = useState<string[]>(guia?.vegetais ?? []);
  const [filter, setFilter] = useState('');
  const [preview, setPreview] = useState(false);
  const [local, setLocal] = useState<FieldErrors>({});
  const search = useDeferredValue(filter.trim());
  const catalogue = useAdminVegetais(search);
  const create = useCreateGuide();
  const edit = useEditGuide(guia?.id ?? '');
  const mutation = guia ? edit : create;
  const server = serverErrors(mutation.error, fieldNames);
  const err = (name: string) => local[name] ?? server.fields[name];
  const busy = mutation.isPending;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  function toggle(id: string, on: boolean) {
    setVegetais((vs) => (on ? [...vs, id] : vs.filter((v) => v !== id)));
    setLocal((l) => ({ ...l, vegetais: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = check(titulo, corpo, vegetais);
    setLocal(errors);
    if (Object.keys(errors).length > 0) {
      setPreview(false);
      focusFirstError();
      return;
    }
    const body = { titulo, corpo, vegetais };
    if (guia) edit.mutate({ ...body, version: guia.version }, { onSuccess: onSaved, onError: focusFirstError });
    else create.mutate(body, { onSuccess: onSaved, onError: focusFirstError });
  }

  const options = catalogue.data ?? [];
  const names = new Map(options.map((v) => [v.id, v.nome]));
  return (
    <Dialog title={guia ? `Editar guia: ${guia.titulo}` : 'Novo guia'} onClose={onClose} busy={busy}>
      <form ref={formRef} onSubmit={submit} noValidate className="dialog-body guide-form">
        <InputField label="Título" name="titulo" maxLength={120} value={titulo} onChange={(e) => {
            setTitulo(e.target.value);
            setLocal((l) => ({ ...l, titulo: undefined }));
          }} error={err('titulo')} required />
        <div className="guide-form-tabs" role="group" aria-label="Texto do guia">
          <button type="button" className="button button-small button-secondary" aria-pressed={!preview} onClick={() => setPreview(false)}>
            Escrever
          </button>
          <button type="button" className="button button-small button-secondary" aria-pressed={preview} onClick={() => setPreview(true)}>
            Pré-visualizar
          </button>
        </div>
        {preview ? (
          <section className="guide-preview card" aria-label="Pré-visualização do guia">
            <h3>{titulo || 'Sem título'}</h3>
            {corpo.trim() ? (
              <Suspense fallback={<SectionLoader label="Carregando pré-visualização..." />}>
                <MarkdownText text={corpo} />
              </Suspense>
            ) : (
              <p className="muted">Nada escrito ainda.</p>
            )}
          </section>
        ) : (
          <TextAreaField
            label="Texto (markdown)"
            name="corpo"
            rows={12}
            maxLength={MAX_CORPO}
            hint={`Títulos com #, listas com -, **negrito** e links. HTML não é exibido. ${corpo.length.toLocaleString('pt-BR')} de ${MAX_CORPO.toLocaleString('pt-BR')} caracteres.`}
            value={corpo}
            onChange={(e) => {
              setCorpo(e.target.value);
              setLocal((l) => ({ ...l, corpo: undefined }));
            }}
            error={err('corpo')}
            required
          />
        )}
        <fieldset className="field guide-vegetais" aria-describedby={err('vegetais') ? 'guia-vegetais-erro' : undefined}>
          <legend>Vegetais (até {MAX_VEGETAIS})</legend>
          {vegetais.length > 0 && (
            <p className="field-hint">
              Escolhidos: {vegetais.map((id) => names.get(id) ?? id).join(', ')}
            </p>
          )}
          <InputField label="Filtrar vegetais" name="filtro" type="search" maxLength={100} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <div className="guide-vegetal-options">
            {catalogue.isPending && <p className="field-hint">Carregando vegetais...</p>}
            {catalogue.isError && <p className="field-error">Não foi possível carregar os vegetais.</p>}
            <CappedCheckboxes
              items={options.map((v) => ({ id: v.id, label: `${v.nome}${v.arquivado ? ' (arquivado)' : ''}` }))}
              chosen={vegetais}
              max={MAX_VEGETAIS}
              onToggle={toggle}
              invalid={!!err('vegetais')}
            />
          </div>
          <p className="field-error" id="guia-vegetais-erro" role="alert">
            {err('vegetais') ?? null}
          </p>
        </fieldset>
        <DialogFormFooter error={server.form ?? (err('version') || null)} onCancel={onClose} busy={busy} busyLabel="Salvando...">
          {guia ? 'Salvar alterações' : 'Criar guia'}
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
