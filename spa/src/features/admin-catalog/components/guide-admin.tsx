import { useDeferredValue, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField } from '@/components/ui/fields';
import { FeedIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useAdminGuides, useArchiveGuide } from '@/features/admin-catalog/api/guides';
import { useAdminVegetables } from '@/features/admin-catalog/api/vegetables';
import { GuideFormDialog } from '@/features/admin-catalog/components/guide-form-dialog';
import type { Guia } from '@/types/api';
import '@/features/admin-catalog/admin-catalog.css';

/** /admin/guias: every guide (archived too), search by title, create, edit, archive and restore. */
export function GuideAdmin() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const list = useAdminGuides(search);
  const [editing, setEditing] = useState<Guia | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Guia | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const archive = useArchiveGuide();
  // Vegetable names for the rows (the whole catalogue is one page of the admin list).
  const catalogue = useAdminVegetables('');
  const nomes = new Map((catalogue.data ?? []).map((v) => [v.id, v.nome]));

  function confirmArchive() {
    if (!archiving) return;
    const arquivado = !archiving.arquivado;
    archive.mutate(
      { id: archiving.id, arquivado, version: archiving.version },
      {
        onSuccess: (g) => {
          setArchiving(null);
          setFlash(arquivado ? `O guia "${g.titulo}" foi arquivado.` : `O guia "${g.titulo}" foi restaurado.`);
        },
      },
    );
  }

  const items = list.data ?? [];
  return (
    <>
      <PageHeader
        title="Guias"
        subtitle="Guias de cultivo em markdown, ligados a vegetais: cada cultivo de um desses vegetais mostra o guia. Guias arquivados deixam de aparecer."
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Novo guia
          </button>
        }
      />
      <div className="admin-search">
        <InputField label="Buscar por título" name="q" type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <p className="visually-hidden" role="status">
        {flash}
      </p>
      {flash && <p className="flash">{flash}</p>}
      {list.isPending ? (
        <SectionLoader label="Carregando guias..." />
      ) : list.isError ? (
        <ErrorState title="Não foi possível carregar os guias" error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<FeedIcon />} title={search ? 'Nenhum guia encontrado' : 'Nenhum guia ainda'}>
          <p>{search ? `Nenhum guia com "${search}" no título.` : 'Escreva o primeiro guia com "Novo guia": ele aparece em cada cultivo dos vegetais escolhidos.'}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" aria-label="Guias">
          {items.map((g) => (
            <li key={g.id} className={`card admin-row${g.arquivado ? ' admin-row-archived' : ''}`}>
              <div className="admin-row-main">
                <h2 className="admin-row-title">
                  {g.titulo}
                  {g.arquivado && <span className="tag admin-tag-archived">Arquivado</span>}
                </h2>
                <p className="muted admin-row-meta">
                  {g.vegetais.length === 1 ? '1 vegetal' : `${g.vegetais.length} vegetais`}: {g.vegetais.map((id) => nomes.get(id) ?? id).join(', ')} · atualizado em {formatDate(g.atualizadoEm)}
                </p>
              </div>
              <div className="button-row admin-row-actions">
                <button type="button" className="button button-secondary button-small" onClick={() => setEditing(g)} aria-label={`Editar ${g.titulo}`}>
                  Editar
                </button>
                <button
                  type="button"
                  className={`button button-small ${g.arquivado ? 'button-secondary' : 'button-danger-outline'}`}
                  onClick={() => {
                    archive.reset();
                    setArchiving(g);
                  }}
                  aria-label={`${g.arquivado ? 'Restaurar' : 'Arquivar'} ${g.titulo}`}
                >
                  {g.arquivado ? 'Restaurar' : 'Arquivar'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      {editing && (
        <GuideFormDialog
          guia={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(g) => {
            setEditing(null);
            setFlash(editing === 'new' ? `O guia "${g.titulo}" foi criado.` : `O guia "${g.titulo}" foi salvo.`);
          }}
        />
      )}
      {archiving && (
        <ConfirmDialog
          title={archiving.arquivado ? 'Restaurar guia' : 'Arquivar guia'}
          confirmLabel={archiving.arquivado ? 'Restaurar' : 'Arquivar'}
          busyLabel={archiving.arquivado ? 'Restaurando...' : 'Arquivando...'}
          busy={archive.isPending}
          danger={!archiving.arquivado}
          error={archive.error ? errorMessage(archive.error) : null}
          onConfirm={confirmArchive}
          onCancel={() => setArchiving(null)}
        >
          <p>
            {archiving.arquivado
              ? `"${archiving.titulo}" voltará a aparecer nos cultivos dos seus vegetais.`
              : `"${archiving.titulo}" deixará de aparecer nos cultivos. Você pode restaurá-lo depois.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
