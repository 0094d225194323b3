import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { useGroup } from '@/features/groups/api/groups';
import { GroupLoadError } from '@/features/groups/components/group-load-error';
import { enc } from '@/lib/api-path';
import { RelatorioView } from '@/features/mutiroes/components/relatorio-view';

/** /grupos/:groupId/relatorio: the coordinator's report, to download or print for the prefeitura. */
export function Component() {
  const { groupId = '' } = useParams();
  const group = useGroup(groupId);
  const back = (
    <Link className="back-link report-no-print" to={`/grupos/${enc(groupId)}?aba=mutiroes`}>
      ← Voltar ao grupo
    </Link>
  );
  if (group.isPending) {
    return (
      <>
        {back}
        <PageHeader title="Relatório" />
        <PageLoader />
      </>
    );
  }
  if (group.isError) {
    return (
      <>
        {back}
        <PageHeader title="Relatório" />
        <GroupLoadError
          error={group.error}
          onRetry={() => void group.refetch()}
          ways={
            <Link className="button button-secondary" to="/grupos">
              Meus Grupos
            </Link>
          }
        />
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader title={`Relatório: ${group.data.nome}`} subtitle="Colheitas, horas de trabalho voluntário e mutirões do período" />
      <RelatorioView groupId={groupId} isOwner={group.data.meuPapel === 'dono'} />
    </>
  );
}
