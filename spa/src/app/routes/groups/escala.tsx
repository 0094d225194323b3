import { Link, useParams } from 'react-router-dom';
import { Flash } from '@/components/ui/flash';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { PageQueryState } from '@/components/ui/query-states';
import { enc } from '@/lib/api-path';
import { useEscala } from '@/features/mutiroes/api/shared-work';
import { EscalaView } from '@/features/mutiroes/components/escalas';

/** /grupos/:groupId/escalas/:escalaId: one weekly rota of the group. */
export function Component() {
  const { groupId = '', escalaId = '' } = useParams();
  const query = useEscala(groupId, escalaId);
  const back = (
    <Link className="back-link" to={`/grupos/${enc(groupId)}?aba=escalas`}>
      ← Escalas do grupo
    </Link>
  );
  return (
    <PageQueryState query={query} before={back} title="Escala" loader={<PageLoader />} errorTitle="Não foi possível abrir a escala">
      {(data) => (
        <>
          {back}
          <PageHeader title={`Escala: ${data.nome}`} />
          <Flash />
          <EscalaView groupId={groupId} e={data} />
        </>
      )}
    </PageQueryState>
  );
}
