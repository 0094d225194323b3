import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageQueryState } from '@/components/ui/query-states';
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
  return (
    <PageQueryState query={group} before={back} title="Relatório" loader={<PageLoader />} error={
        <GroupLoadError
          error={group.error}
          onRetry={() => void group.refetch()}
          ways={
            <Link className="button button-secondary" to="/grupos">
              Meus Grupos
            </Link>
          }
        />
      }>
      {(data) => {
        return (
          <>
            {back}
            <PageHeader title={`Relatório: ${data.nome}`} subtitle="Colheitas, horas de trabalho voluntário e mutirões do período" />
            <RelatorioView groupId={groupId} isOwner={data.meuPapel === 'dono'} />
          </>
        );
      }}
    </PageQueryState>
  );
}
