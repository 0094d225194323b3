import { useDeferredValue, useState, type ReactNode } from 'react';
import type { UseInfiniteQueryResult, UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField } from '@/components/ui/fields';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState, LoadMore } from '@/components/ui/query-states';
import '@/features/admin-catalog/admin-catalog.css';

// What the catalogue's admin screens (guide-admin.tsx, vegetais-admin.tsx) share: a searchable
// list of every item, archived ones too, with a row per item to edit, archive or restore it, the
// form dialog to create or edit one, the confirmation before archiving and the flash after a write.

/** An item of an admin catalogue list: archiving sends `version` back. */
export interface CatalogItem {
  id: string;
  arquivado: boolean;
  version: number;
}

type ArchiveMutation<T> = UseMutationResult<T, Error, { id: string; arquivado: boolean; version: number }>;

/** The search box's text and what the list is asked for (trimmed and deferred while typing). */
export function useCatalogSearch() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  return { q, setQ, search };
}

export function CatalogAdmin<T extends CatalogItem>({
  search: { q, setQ, search },
  list,
  archive,
  noun,
  plural,
  header,
  searchLabel,
  empty,
  notFound,
  listLabel,
  name,
  flashName,
  title,
  meta,
  confirmText,
  form,
}: {
  search: ReturnType<typeof useCatalogSearch>;
  list: UseInfiniteQueryResult<T[]>;
  archive: ArchiveMutation<T>;
  /** The item's noun, as in "Novo guia", and its plural, as in "Carregando guias...". */
  noun: string;
  plural: string;
  header: { title: string; subtitle: string };
  searchLabel: string;
  /** The empty state with no search, and with one that found nothing. */
  empty: { icon: ReactNode; title: string; text: string };
  notFound: (search: string) => { title: string; text: string };
  listLabel: string;
  /** The item as the buttons' labels name it ("Editar …"). */
  name: (item: T) => string;
  /** The item as the flash after a write names it ("… foi salvo."). */
  flashName: (item: T) => string;
  /** The row's title, before the archived tag. */
  title: (item: T) => ReactNode;
  /** The row's lines under the title. */
  meta: (item: T) => ReactNode;
  /** What archiving (or restoring, for an archived item) changes, in the confirmation. */
  confirmText: (item: T) => string;
  /** The form dialog: `item` undefined creates one. */
  form: (item: T | undefined, onClose: () => void, onSaved: (saved: T) => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [archiving, setArchiving] = useState<T | null>(null);
  const [flash, setFlash] = useState<string | null>(null);

  function confirmArchive() {
    if (!archiving) return;
    const arquivado = !archiving.arquivado;
    archive.mutate(
      { id: archiving.id, arquivado, version: archiving.version },
      {
        onSuccess: (saved) => {
          setArchiving(null);
          setFlash(`${flashName(saved)} foi ${arquivado ? 'arquivado' : 'restaurado'}.`);
        },
      },
    );
  }

  const items = list.data ?? [];
  const none = search ? notFound(search) : empty;
  return (
    <>
      <PageHeader
        title={header.title}
        subtitle={header.subtitle}
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Novo {noun}
          </button>
        }
      />
      <div className="admin-search">
        <InputField label={searchLabel} name="q" type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <p className="visually-hidden" role="status">
        {flash}
      </p>
      {flash && <p className="flash">{flash}</p>}
      <QueryState
        query={list}
        loader={`Carregando ${plural}...`}
        errorTitle={`Não foi possível carregar os ${plural}`}
        empty={
          <EmptyState icon={empty.icon} title={none.title}>
            <p>{none.text}</p>
          </EmptyState>
        }
      >
        {() => (
          <ul className="admin-list" aria-label={listLabel}>
            {items.map((item) => (
              <li key={item.id} className={`card admin-row${item.arquivado ? ' admin-row-archived' : ''}`}>
                <div className="admin-row-main">
                  <h2 className="admin-row-title">
                    {title(item)}
                    {item.arquivado && <span className="tag admin-tag-archived">Arquivado</span>}
                  </h2>
                  {meta(item)}
                </div>
                <div className="button-row admin-row-actions">
                  <button type="button" className="button button-secondary button-small" onClick={() => setEditing(item)} aria-label={`Editar ${name(item)}`}>
                    Editar
                  </button>
                  <button
                    type="button"
                    className={`button button-small ${item.arquivado ? 'button-secondary' : 'button-danger-outline'}`}
                    onClick={() => {
                      archive.reset();
                      setArchiving(item);
                    }}
                    aria-label={`${item.arquivado ? 'Restaurar' : 'Arquivar'} ${name(item)}`}
                  >
                    {item.arquivado ? 'Restaurar' : 'Arquivar'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      {editing &&
        form(
          editing === 'new' ? undefined : editing,
          () => setEditing(null),
          (saved) => {
            setEditing(null);
            setFlash(`${flashName(saved)} foi ${editing === 'new' ? 'criado' : 'salvo'}.`);
          },
        )}
      {archiving && (
        <ConfirmDialog
          title={`${archiving.arquivado ? 'Restaurar' : 'Arquivar'} ${noun}`}
          confirmLabel={archiving.arquivado ? 'Restaurar' : 'Arquivar'}
          busyLabel={archiving.arquivado ? 'Restaurando...' : 'Arquivando...'}
          mutation={archive}
          danger={!archiving.arquivado}
          onConfirm={confirmArchive}
          onCancel={() => setArchiving(null)}
        >
          <p>{confirmText(archiving)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
