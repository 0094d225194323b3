import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { Flash } from '@/components/ui/flash';
import { ErrorState, LoadMore } from '@/components/ui/query-states';
import { pluralForm } from '@/lib/format';
import { useMyGroups } from '@/features/groups/api/groups';
import { GroupCardList } from '@/features/groups/components/group-card';
import { PapelTag } from '@/features/groups/components/papel-tag';
import { NoGroupsYet } from '@/features/groups/components/no-groups';
import '@/features/groups/groups.css';

export function Component() {
  const query = useMyGroups();
  const groups = query.data ?? [];

  const actions = (
    <>
      <Link className="button button-secondary" to="/grupos/diretorio">
        Explorar Grupos
      </Link>
      <Link className="button button-primary" to="/grupos/novo">
        Criar Grupo
      </Link>
    </>
  );

  let body;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError) body = <ErrorState title="Não foi possível carregar seus grupos" error={query.error} onRetry={() => void query.refetch()} />;
  else if (groups.length === 0) {
    body = <NoGroupsYet />;
  } else {
    body = (
      <>
        <GroupCardList
          label="Seus grupos"
          groups={groups}
          card={(g) => ({
            badge: <PapelTag papel={g.meuPapel} />,
            actions: (
              <Link className="button button-secondary" to={`/grupos/${encodeURIComponent(g.id)}/lotes`}>
                Ver lotes
              </Link>
            ),
            children: g.meusLotes.length > 0 && (
              <p className="group-card-mine">
                {pluralForm(g.meusLotes.length, 'Seu lote: ', 'Seus lotes: ')}
                {g.meusLotes.join(', ')}
              </p>
            ),
          })}
        />
        <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Meus Grupos" subtitle="Os grupos de que você participa e o seu papel em cada um." actions={actions} />
      <Flash />
      {body}
    </>
  );
}
