import { useDeferredValue, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField } from '@/components/ui/fields';
import { SproutIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { errorMessage } from '@/lib/errors';
import { useAdminVegetables, useArchiveVegetable } from '@/features/admin-catalog/api/vegetables';
import { VegetableFormDialog } from '@/features/admin-catalog/components/vegetable-form-dialog';
import type { VegetalAdmin } from '@/types/api';
import '@/features/admin-catalog/admin-catalog.css';

const metodoLabel: Record<string, string> = { semente: 'Semente', muda: 'Muda', ambos: 'Semente ou muda', '': 'Método não informado' };
const estacaoLabel: Record<string, string> = { verao: 'verão', inverno: 'inverno' };

/** /admin/vegetais: the whole catalogue (archived too), search, create, edit, archive and restore. */
export function VegetableAdmin() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const list = useAdminVegetables(search);
  const [editing, setEditing] = useState<VegetalAdmin | 'new' | null>(null);
  const [archiving, setArchiving] = useState<VegetalAdmin | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const archive = useArchiveVegetable();

  function confirmArchive() {
    if (!archiving) return;
    const arquivado = !archiving.arquivado;
    archive.mutate(
      { id: archiving.id, arquivado, version: archiving.version },
      {
        onSuccess: (v) => {
          setArchiving(null);
          setFlash(arquivado ? `${v.nome} foi arquivado.` : `${v.nome} foi restaurado.`);
        },
      },
    );
  }

  const items = list.data ?? [];
  return (
    <>
      <PageHeader
        title="Vegetais"
        subtitle="Catálogo de vegetais e calendário de plantio. Vegetais arquivados continuam nos cultivos que os usam, mas não são oferecidos para novos cultivos."
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Novo vegetal
          </button>
        }
      />
      <div className="admin-search">
        <InputField label="Buscar por nome" name="q" type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <p className="visually-hidden" role="status">
        {flash}
      </p>
      {flash && <p className="flash">{flash}</p>}
      {list.isPending ? (
        <SectionLoader label="Carregando vegetais..." />
      ) : list.isError ? (
        <ErrorState title="Não foi possível carregar os vegetais" error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<SproutIcon />} title={search ? 'Nenhum vegetal encontrado' : 'Nenhum vegetal no catálogo'}>
          <p>{search ? `Nenhum vegetal com "${search}" no nome.` : 'Cadastre o primeiro vegetal com "Novo vegetal".'}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" aria-label="Vegetais do catálogo">
          {items.map((v) => (
            <li key={v.id} className={`card admin-row${v.arquivado ? ' admin-row-archived' : ''}`}>
              <div className="admin-row-main">
                <h2 className="admin-row-title">
                  {v.nome}
                  {v.estacao && !v.nome.toLowerCase().includes(estacaoLabel[v.estacao] ?? v.estacao) && <span className="muted"> ({estacaoLabel[v.estacao]})</span>}
                  {v.arquivado && <span className="tag admin-tag-archived">Arquivado</span>}
                </h2>
                <p className="muted admin-row-meta">
                  {metodoLabel[v.metodo] ?? v.metodo} · ciclo de {v.diasColheitaMin} a {v.diasColheitaMax} dias · <code>{v.id}</code>
                </p>
                {v.nomesPopulares.length > 0 && <p className="muted admin-row-meta">Também: {v.nomesPopulares.join(', ')}</p>}
              </div>
              <div className="button-row admin-row-actions">
                <button type="button" className="button button-secondary button-small" onClick={() => setEditing(v)} aria-label={`Editar ${v.nome}`}>
                  Editar
                </button>
                <button
                  type="button"
                  className={`button button-small ${v.arquivado ? 'button-secondary' : 'button-danger-outline'}`}
                  onClick={() => {
                    archive.reset();
                    setArchiving(v);
                  }}
                  aria-label={`${v.arquivado ? 'Restaurar' : 'Arquivar'} ${v.nome}`}
                >
                  {v.arquivado ? 'Restaurar' : 'Arquivar'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      {editing && (
        <VegetableFormDialog
          vegetal={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(v) => {
            setEditing(null);
            setFlash(editing === 'new' ? `${v.nome} foi criado.` : `${v.nome} foi salvo.`);
          }}
        />
      )}
      {archiving && (
        <ConfirmDialog
          title={archiving.arquivado ? 'Restaurar vegetal' : 'Arquivar vegetal'}
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
              ? `${archiving.nome} voltará a ser oferecido para novos cultivos e no "Plante agora".`
              : `${archiving.nome} deixará de ser oferecido para novos cultivos e no "Plante agora". Os cultivos que já o usam continuam como estão.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
