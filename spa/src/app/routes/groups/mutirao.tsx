import { Link, useParams } from 'react-router-dom';
import { Flash } from '@/components/ui/flash';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { PageQueryState } from '@/components/ui/query-states';
import { enc } from '@/lib/api-path';
import { useMutirao } from '@/features/mutiroes/api/mutiroes';
import { MutiraoDetailView } from '@/features/mutiroes/components/mutirao-detail';

/** /grupos/:groupId/mutiroes/:mutiraoId: one mutirão of the group. */
export function Component() {
  const { groupId = '', mutiraoId = '' } = useParams();
  const query = useMutirao(groupId, mutiraoId);
  const back = (
    <Link className="back-link" to={`/grupos/${enc(groupId)}?aba=mutiroes`}>
      ← Mutirões do grupo
    </Link>
  );
  return (
    <PageQueryState query={query} before={back} title="Mutirão" loader={<PageLoader />} errorTitle="Não foi possível abrir o mutirão">
      {(data) => (
        <>
          {back}
          <PageHeader title={data.titulo} subtitle="Mutirão" />
          <Flash />
          <MutiraoDetailView groupId={groupId} m={data} />
        </>
      )}
    </PageQueryState>
  );
}
