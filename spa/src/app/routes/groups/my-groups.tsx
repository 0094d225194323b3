import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/spinner';
import { UsersIcon } from '@/components/ui/icons';
import { Flash } from '@/components/ui/flash';
import { ErrorState, LoadMore } from '@/components/ui/query-states';
import { pluralForm } from '@/lib/format';
import { useMyGroups } from '@/features/groups/api/groups';
import { GroupCard } from '@/features/groups/components/group-card';
import { PapelTag } from '@/features/groups/components/papel-tag';
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
    body = (
      <EmptyState icon={<UsersIcon />} title="Você ainda não participa de nenhum grupo">
        <p>Encontre uma horta comunitária perto de você ou crie a sua.</p>
        <p className="actions-row">
          <Link className="button button-primary" to="/grupos/diretorio">
            Explorar Grupos
          </Link>
          <Link className="button button-secondary" to="/grupos/novo">
            Criar Grupo
          </Link>
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="groups-list" aria-label="Seus grupos">
          {groups.map((g) => (
            <li key={g.id}>
              <GroupCard
                group={g}
                badge={<PapelTag papel={g.meuPapel} />}
                actions={
                  <Link className="button button-secondary" to={`/grupos/${encodeURIComponent(g.id)}/lotes`}>
                    Ver lotes
                  </Link>
                }
              >
                {g.meusLotes.length > 0 && (
                  <p className="group-card-mine">
                    {pluralForm(g.meusLotes.length, 'Seu lote: ', 'Seus lotes: ')}
                    {g.meusLotes.join(', ')}
                  </p>
                )}
              </GroupCard>
            </li>
          ))}
        </ul>
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
