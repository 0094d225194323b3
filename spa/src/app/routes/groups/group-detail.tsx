import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { Flash } from '@/components/ui/flash';
import { PageHeader } from '@/components/ui/page-header';
import { PageQueryState } from '@/components/ui/query-states';
import { PageLoader } from '@/components/ui/spinner';
import { groupAccess, type GroupAccess } from '@/features/groups/access';
import { useGroup } from '@/features/groups/api/groups';
import { GroupLoadError } from '@/features/groups/components/group-load-error';
import { InvitesTab } from '@/features/groups/components/detail/invites-tab';
import { MembersTab } from '@/features/groups/components/detail/members-tab';
import { OverviewTab } from '@/features/groups/components/detail/overview-tab';
import { RequestsTab } from '@/features/groups/components/detail/requests-tab';
import { SettingsTab } from '@/features/groups/components/detail/settings-tab';
import { GroupCultivosTab } from '@/features/cultivos/components/cultivos-tab';
import { MutiroesTab } from '@/features/mutiroes/components/mutiroes-tab';
import { EscalasTab } from '@/features/mutiroes/components/escalas';
import { PartilhasTab } from '@/features/mutiroes/components/partilhas';
import { Composer } from '@/features/feed/components/composer';
import { PostList } from '@/features/feed/components/post-list';
import { PapelTag } from '@/features/groups/components/papel-tag';
import { visibilidadeLabel } from '@/features/groups/labels';
import type { GroupDetail } from '@/types/api';
import '@/features/groups/groups.css';
import { TabNav } from '@/components/ui/tab-nav';

type Aba = 'visao-geral' | 'mural' | 'cultivos' | 'mutiroes' | 'escalas' | 'partilha' | 'membros' | 'solicitacoes' | 'convites' | 'configuracoes';

/** The sections the caller's access opens (features/groups/access.ts). */
function sectionsFor(group: GroupDetail, access: GroupAccess): { id: Aba; label: string }[] {
  const sections: { id: Aba; label: string }[] = [{ id: 'visao-geral', label: 'Visão geral' }];
  if (access.canReadInside) sections.push({ id: 'mural', label: 'Mural' });
  if (access.canReadInside) sections.push({ id: 'cultivos', label: 'Cultivos' });
  if (access.canReadInside) sections.push({ id: 'mutiroes', label: 'Mutirões' });
  if (access.canReadInside) sections.push({ id: 'escalas', label: 'Escalas' });
  if (access.canReadInside) sections.push({ id: 'partilha', label: 'Partilha' });
  if (access.canReadInside) sections.push({ id: 'membros', label: 'Membros' });
  if (access.canReadManagement && (group.entrada === 'aprovacao' || group.solicitacoesPendentes > 0)) {
    sections.push({ id: 'solicitacoes', label: group.solicitacoesPendentes > 0 ? `Pedidos (${group.solicitacoesPendentes})` : 'Pedidos' });
  }
  if (access.canReadManagement) sections.push({ id: 'convites', label: 'Convites' });
  if (access.canEdit) sections.push({ id: 'configuracoes', label: 'Configurações' });
  return sections;
}

export function Component() {
  const { groupId = '' } = useParams();
  const [params] = useSearchParams();
  const { isAdmin } = useAuth();
  const query = useGroup(groupId);

  return (
    <PageQueryState query={query} title="Grupo" loader={<PageLoader />} error={
        <GroupLoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          ways={
            <>
              <Link className="button button-primary" to="/grupos/diretorio">
                Explorar Grupos
              </Link>
              <Link className="button button-secondary" to="/grupos">
                Meus Grupos
              </Link>
            </>
          }
        />
      }>
      {(data) => {
        const group = data;
        const access = groupAccess(group.meuPapel, isAdmin);
        const sections = sectionsFor(group, access);
        const asked = params.get('aba') as Aba | null;
        const current = sections.find((s) => s.id === asked)?.id ?? 'visao-geral';
        const gid = encodeURIComponent(group.id);

        return (
          <>
            <PageHeader
              title={group.nome}
              subtitle={
                <>
                  {group.cidade}/{group.uf} · {visibilidadeLabel[group.visibilidade]}
                  {group.meuPapel && (
                    <>
                      {' · '}
                      <PapelTag papel={group.meuPapel} />
                    </>
                  )}
                </>
              }
              actions={
                access.canReadInside && (
                  <Link className="button button-primary" to={`/grupos/${gid}/lotes`}>
                    Ver lotes
                  </Link>
                )
              }
            />
            <Flash />
            {sections.length > 1 && (
              <TabNav
                label="Seções do grupo"
                items={sections.map((s) => ({
                  to: s.id === 'visao-geral' ? `/grupos/${gid}` : `/grupos/${gid}?aba=${s.id}`,
                  label: s.label,
                  current: s.id === current,
                  replace: true,
                }))}
              />
            )}
            <div className="group-tab-panel">
              {current === 'visao-geral' && <OverviewTab group={group} />}
              {current === 'mural' && (
                <>
                  {access.isMember && <Composer groupId={group.id} />}
                  <PostList source={{ kind: 'grupo', id: group.id }} empty="Publique a primeira novidade do grupo." canModerate={access.canManage} />
                </>
              )}
              {current === 'cultivos' && <GroupCultivosTab groupId={group.id} groupNome={group.nome} canCreate={access.isMember} />}
              {current === 'mutiroes' && <MutiroesTab groupId={group.id} canCreate={access.canManage} canSeeRelatorio={access.isManager || isAdmin} />}
              {current === 'escalas' && <EscalasTab groupId={group.id} canManage={access.canManage} />}
              {current === 'partilha' && <PartilhasTab groupId={group.id} />}
              {current === 'membros' && <MembersTab group={group} />}
              {current === 'solicitacoes' && <RequestsTab group={group} canAnswer={access.canManage} />}
              {current === 'convites' && <InvitesTab group={group} canManage={access.canManage} />}
              {current === 'configuracoes' && <SettingsTab group={group} canDelete={access.canDelete} />}
            </div>
          </>
        );
      }}
    </PageQueryState>
  );
}
