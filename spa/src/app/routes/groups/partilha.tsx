import { Link, useParams } from 'react-router-dom';
import { Flash } from '@/components/ui/flash';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/query-states';
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
  if (query.isPending || query.isError) {
    return (
      <>
        {back}
        <PageHeader title="Partilha" />
        {query.isPending ? <PageLoader /> : <ErrorState title="Não foi possível abrir a partilha" error={query.error} onRetry={() => void query.refetch()} />}
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader title={`Quem quer ${query.data.vegetal}?`} />
      <Flash />
      <PartilhaView groupId={groupId} p={query.data} />
    </>
  );
}
