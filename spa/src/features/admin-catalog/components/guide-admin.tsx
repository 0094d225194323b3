import { FeedIcon } from '@/components/ui/icons';
import { formatDate } from '@/lib/format';
import { useAdminGuides, useArchiveGuide } from '@/features/admin-catalog/api/guides';
import { useAdminVegetais } from '@/features/admin-catalog/api/vegetais';
import { CatalogAdmin, useCatalogSearch } from '@/features/admin-catalog/components/catalog-admin';
import { GuideFormDialog } from '@/features/admin-catalog/components/guide-form-dialog';

/** /admin/guias: every guide (archived too), search by title, create, edit, archive and restore. */
export function GuideAdmin() {
  const search = useCatalogSearch();
  const list = useAdminGuides(search.search);
  const archive = useArchiveGuide();
  // Vegetable names for the rows (the whole catalogue is one page of the admin list).
  const catalogue = useAdminVegetais('');
  const nomes = new Map((catalogue.data ?? []).map((v) => [v.id, v.nome]));

  return (
    <CatalogAdmin
      search={search} list={list} archive={archive} noun="guia" plural="guias"
      header={{ title: 'Guias', subtitle: 'Guias de cultivo em markdown, ligados a vegetais: cada cultivo de um desses vegetais mostra o guia. Guias arquivados deixam de aparecer.' }}
      searchLabel="Buscar por título" listLabel="Guias"
      title={(g) => g.titulo}
      name={(g) => g.titulo}
      meta={(g) => (
        <p className="muted admin-row-meta">
          {g.vegetais.length === 1 ? '1 vegetal' : `${g.vegetais.length} vegetais`}: {g.vegetais.map((id) => nomes.get(id) ?? id).join(', ')} · atualizado em {formatDate(g.atualizadoEm)}
        </p>
      )}
      empty={{ icon: <FeedIcon />, title: 'Nenhum guia ainda', text: 'Escreva o primeiro guia com "Novo guia": ele aparece em cada cultivo dos vegetais escolhidos.' }}
      notFound={(s) => ({ title: 'Nenhum guia encontrado', text: `Nenhum guia com "${s}" no título.` })}
      flashName={(g) => `O guia "${g.titulo}"`}
      confirmText={(g) =>
        g.arquivado
          ? `"${g.titulo}" voltará a aparecer nos cultivos dos seus vegetais.`
          : `"${g.titulo}" deixará de aparecer nos cultivos. Você pode restaurá-lo depois.`
      }
      form={(guia, onClose, onSaved) => <GuideFormDialog guia={guia} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
