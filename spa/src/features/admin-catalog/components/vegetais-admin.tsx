import { SproutIcon } from '@/components/ui/icons';
import { useAdminVegetais, useArchiveVegetal } from '@/features/admin-catalog/api/vegetais';
import { CatalogAdmin, useCatalogSearch } from '@/features/admin-catalog/components/catalog-admin';
import { VegetalFormDialog } from '@/features/admin-catalog/components/vegetal-form-dialog';

const metodoLabel: Record<string, string> = { semente: 'Semente', muda: 'Muda', ambos: 'Semente ou muda', '': 'Método não informado' };
const estacaoLabel: Record<string, string> = { verao: 'verão', inverno: 'inverno' };

/** /admin/vegetais: the whole catalogue (archived too), search, create, edit, archive and restore. */
export function VegetaisAdmin() {
  const search = useCatalogSearch();
  const list = useAdminVegetais(search.search);
  const archive = useArchiveVegetal();

  return (
    <CatalogAdmin
      search={search} list={list} archive={archive} noun="vegetal" plural="vegetais"
      header={{ title: 'Vegetais', subtitle: 'Catálogo de vegetais e calendário de plantio. Vegetais arquivados continuam nos cultivos que os usam, mas não são oferecidos para novos cultivos.' }}
      searchLabel="Buscar por nome" listLabel="Vegetais do catálogo"
      title={(v) => (
        <>
          {v.nome}
          {v.estacao && !v.nome.toLowerCase().includes(estacaoLabel[v.estacao] ?? v.estacao) && <span className="muted"> ({estacaoLabel[v.estacao]})</span>}
        </>
      )}
      name={(v) => v.nome}
      meta={(v) => (
        <>
          <p className="muted admin-row-meta">
            {metodoLabel[v.metodo] ?? v.metodo} · ciclo de {v.diasColheitaMin} a {v.diasColheitaMax} dias · <code>{v.id}</code>
          </p>
          {v.nomesPopulares.length > 0 && <p className="muted admin-row-meta">Também: {v.nomesPopulares.join(', ')}</p>}
        </>
      )}
      empty={{ icon: <SproutIcon />, title: 'Nenhum vegetal no catálogo', text: 'Cadastre o primeiro vegetal com "Novo vegetal".' }}
      notFound={(s) => ({ title: 'Nenhum vegetal encontrado', text: `Nenhum vegetal com "${s}" no nome.` })}
      flashName={(v) => v.nome}
      confirmText={(v) =>
        v.arquivado
          ? `${v.nome} voltará a ser oferecido para novos cultivos e no "Plante agora".`
          : `${v.nome} deixará de ser oferecido para novos cultivos e no "Plante agora". Os cultivos que já o usam continuam como estão.`
      }
      form={(vegetal, onClose, onSaved) => <VegetalFormDialog vegetal={vegetal} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
