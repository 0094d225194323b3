import { Link, useParams } from 'react-router-dom';
import { Flash } from '@/components/ui/flash';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { PageQueryState } from '@/components/ui/query-states';
import { enc } from '@/lib/api-path';
import { usePartilha } from '@/features/mutiroes/api/shared-work';
import { PartilhaView } from '@/features/mutiroes/components/partilhas';

/** /grupos/:groupId/partilhas/:partilhaId: one "quem quer?" offer. */
export function Component() {
  const { groupId = '', partilhaId = '' } = useParams();
  const query = usePartilha(groupId, partilhaId);
  const back = (
    <Link className="back-link" to={`/grupos/${enc(groupId)}?aba=partilha`}>
      ← Partilha do grupo
    </Link>
  );
  return (
    <PageQueryState query={query} before={back} title="Partilha" loader={<PageLoader />} errorTitle="Não foi possível abrir a partilha">
      {(data) => (
        <>
          {back}
          <PageHeader title={`Quem quer ${data.vegetal}?`} />
          <Flash />
          <PartilhaView groupId={groupId} p={data} />
        </>
      )}
    </PageQueryState>
  );
}
