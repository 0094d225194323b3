import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/submit-button';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { PageHeader } from '@/components/ui/page-header';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { QueryState } from '@/components/ui/query-states';
import { serverErrors, type FieldErrors } from '@/lib/errors';
import { formatDay, todayBrasilia } from '@/lib/format';
import { useAdminBanners, useCreateBanner, useDeleteBanner, useEditBanner } from '@/features/banners/api/banners';
import { bannerLink } from '@/features/banners/rules/link';
import { BannerCard } from '@/features/banners/components/banner-card';
import type { Banner, BannerInput } from '@/types/api';
import '@/features/banners/banners.css';

const ufs = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;
const fields = ['titulo', 'texto', 'imagem', 'link', 'inicio', 'fim', 'audiencia', 'ordem', 'version'];

// A banner's period is in Brasília's days, as the server shows it (GET /api/banners): the form's
// default and the list's status use todayBrasilia(), not the browser's date, which is a day ahead
// in the evening for a browser on UTC and a day apart around midnight in Brazil's other zones.

function status(b: Banner, today: string): string {
  if (b.fim < today) return 'Encerrado';
  if (b.inicio > today) return 'Agendado';
  return 'No ar';
}

/** /admin/banners: every banner with its period and audience; create, edit with preview, delete. */
export function BannerAdmin() {
  const list = useAdminBanners();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const del = useDeleteBanner();
  const today = todayBrasilia();
  const items = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Banners"
        subtitle="Avisos que aparecem no Dashboard dos membros entre as datas de início e fim, para todos ou para uma UF."
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing('new')} disabled={items.length >= 50}>
            Novo banner
          </button>
        }
      />
      <p className="visually-hidden" role="status">
        {flash}
      </p>
      {flash && <p className="flash">{flash}</p>}
      <QueryState query={list} loader="Carregando banners..." errorTitle="Não foi possível carregar os banners" isEmpty={items.length === 0} emptyTitle="Nenhum banner" emptyText='Crie um banner com "Novo banner" para avisar os membros no Dashboard.'>
        {() => (
          <ul className="admin-list" aria-label="Banners">
            {items.map((b) => (
              <li key={b.id} className="card admin-row">
                <div className="admin-row-main">
                  <h2 className="admin-row-title">
                    {b.titulo} <span className="tag">{status(b, today)}</span>
                  </h2>
                  <p className="muted banner-admin-meta">
                    {formatDay(b.inicio)} a {formatDay(b.fim)} · {b.audiencia === 'todos' ? 'Todos os membros' : `Membros de ${b.audiencia}`} · ordem {b.ordem}
                  </p>
                </div>
                <div className="button-row admin-row-actions">
                  <button type="button" className="button button-secondary button-small" onClick={() => setEditing(b)} aria-label={`Editar ${b.titulo}`}>
                    Editar
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger-outline"
                    onClick={() => {
                      del.reset();
                      setDeleting(b);
                    }}
                    aria-label={`Excluir ${b.titulo}`}
                  >
                    Excluir
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing && (
        <BannerFormDialog
          banner={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(b) => {
            setEditing(null);
            setFlash(editing === 'new' ? `Banner "${b.titulo}" criado.` : `Banner "${b.titulo}" salvo.`);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog title="Excluir banner" confirmLabel="Excluir" busyLabel="Excluindo..." mutation={del} danger
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            del.mutate(deleting.id, {
              onSuccess: () => {
                setFlash(`Banner "${deleting.titulo}" excluído.`);
                setDeleting(null);
              },
            })
          }
        >
          <p>O banner "{deleting.titulo}" sai do Dashboard de todos os membros.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

interface FormState {
  titulo: string;
  texto: string;
  imagem: string[];
  link: string;
  inicio: string;
  fim: string;
  audiencia: string;
  ordem: string;
}

function BannerFormDialog({ banner, onClose, onSaved }: { banner?: Banner; onClose: () => void; onSaved: (b: Banner) => void }) {
  const [form, setForm] = useState<FormState>(() => ({
    titulo: banner?.titulo ?? '',
    texto: banner?.texto ?? '',
    imagem: banner?.imagem ? [banner.imagem] : [],
    link: banner?.link ?? '',
    inicio: banner?.inicio ?? todayBrasilia(),
    fim: banner?.fim ?? todayBrasilia(),
    audiencia: banner?.audiencia ?? 'todos',
    ordem: String(banner?.ordem ?? 0),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const create = useCreateBanner();
  const edit = useEditBanner(banner?.id ?? '');
  const mutation = banner ? edit : create;
  const server = serverErrors(mutation.error, fields);
  const shown = { ...server.fields, ...errors };
  const set = (k: keyof FormState) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    // A field's own message goes once the field changes.
    setErrors((errs) => ({ ...errs, [k]: undefined }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const errs: FieldErrors = {};
    if (!form.titulo.trim()) errs.titulo = 'Informe o título';
    if (form.titulo.trim().length > 80) errs.titulo = 'O título deve ter no máximo 80 caracteres';
    if (form.texto.length > 300) errs.texto = 'O texto deve ter no máximo 300 caracteres';
    const link = form.link.trim();
    if (link && !bannerLink(link)) errs.link = 'O link deve ser um caminho do Verde (/grupos) ou um endereço https://';
    if (!form.inicio) errs.inicio = 'Informe a data de início (AAAA-MM-DD)';
    if (!form.fim) errs.fim = 'Informe a data de fim (AAAA-MM-DD)';
    else if (form.inicio && form.fim < form.inicio) errs.fim = 'A data de fim deve ser igual ou posterior à de início';
    const ordem = Number(form.ordem);
    if (!Number.isInteger(ordem) || ordem < 0 || ordem > 999) errs.ordem = 'A ordem deve ser um número de 0 a 999';
    setErrors(errs);
    const first = fields.find((f) => errs[f]);
    if (first) {
      document.getElementById(`banner-${first}`)?.focus();
      return;
    }
    const body: BannerInput = {
      titulo: form.titulo.trim(),
      texto: form.texto.trim(),
      imagem: form.imagem[0] ?? null,
      link,
      inicio: form.inicio,
      fim: form.fim,
      audiencia: form.audiencia as BannerInput['audiencia'],
      ordem,
    };
    if (banner) edit.mutate({ ...body, version: banner.version }, { onSuccess: onSaved });
    else create.mutate(body, { onSuccess: onSaved });
  }

  return (
    <Dialog title={banner ? 'Editar banner' : 'Novo banner'} onClose={onClose} busy={mutation.isPending}>
      <form onSubmit={submit} noValidate>
        <InputField id="banner-titulo" label="Título" name="titulo" maxLength={80} value={form.titulo} error={shown.titulo} onChange={set('titulo')} />
        <TextAreaField id="banner-texto" label="Texto" name="texto" rows={3} maxLength={300} value={form.texto} error={shown.texto} onChange={set('texto')} />
        <PhotoPicker
          label="Imagem (opcional)"
          purpose="banner"
          max={1}
          value={form.imagem}
          onChange={(keys) => setForm((f) => ({ ...f, imagem: keys }))}
          onBusyChange={setUploading}
          error={shown.imagem}
          name="imagem"
        />
        <InputField id="banner-link" label="Link (opcional)" name="link" maxLength={500} hint="Um caminho do Verde, como /grupos, ou um endereço https://" value={form.link} error={shown.link} onChange={set('link')} />
        <div className="banner-form-grid">
          <InputField id="banner-inicio" label="Início" name="inicio" type="date" value={form.inicio} error={shown.inicio} onChange={set('inicio')} />
          <InputField id="banner-fim" label="Fim" name="fim" type="date" value={form.fim} error={shown.fim} onChange={set('fim')} />
          <SelectField id="banner-audiencia" label="Público" name="audiencia" value={form.audiencia} error={shown.audiencia} onChange={set('audiencia')}>
            <option value="todos">Todos os membros</option>
            {ufs.map((uf) => (
              <option key={uf} value={uf}>
                Membros de {uf}
              </option>
            ))}
          </SelectField>
          <InputField id="banner-ordem" label="Ordem" name="ordem" type="number" min={0} max={999} step={1} hint="Menor aparece primeiro" value={form.ordem} error={shown.ordem} onChange={set('ordem')} />
        </div>
        <h3>Prévia</h3>
        <BannerCard banner={{ titulo: form.titulo || 'Título do banner', texto: form.texto, imagem: form.imagem[0] ?? null, link: form.link.trim() }} />
        <DialogFormFooter error={server.form} onCancel={onClose} busy={mutation.isPending} busyLabel="Salvando..." disabled={uploading}>
          {banner ? 'Salvar banner' : 'Criar banner'}
        </DialogFormFooter>
      </form>
    </Dialog>
  );
}
