import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { enc } from '@/lib/api-path';
import { NovaPartilhaForm } from '@/features/mutiroes/components/partilhas';

/** /grupos/:groupId/partilhas/nova?cultivo=&colheita=&quantidade=&unidade=&vegetal=: offering part of a harvest. */
export function Component() {
  const { groupId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <>
      <Link className="back-link" to={`/grupos/${enc(groupId)}?aba=partilha`}>
        ← Partilha do grupo
      </Link>
      <PageHeader title="Partilhar colheita" />
      <NovaPartilhaForm
        groupId={groupId}
        cultivoId={params.get('cultivo') ?? ''}
        colheitaId={params.get('colheita') ?? ''}
        max={Number(params.get('quantidade')) || 0}
        unidade={params.get('unidade') ?? 'kg'}
        vegetal={params.get('vegetal') ?? ''}
      />
    </>
  );
}
