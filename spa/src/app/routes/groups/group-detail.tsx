import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/spinner';
import { UsersIcon } from '@/components/ui/icons';
import { useGroup } from '@/features/groups/api/groups';
import { Flash } from '@/features/groups/components/flash';
import { ErrorState } from '@/features/groups/components/query-states';
import { InvitesTab } from '@/features/groups/components/detail/invites-tab';
import { MembersTab } from '@/features/groups/components/detail/members-tab';
import { OverviewTab } from '@/features/groups/components/detail/overview-tab';
import { RequestsTab } from '@/features/groups/components/detail/requests-tab';
import { SettingsTab } from '@/features/groups/components/detail/settings-tab';
import { isNotFound } from '@/features/groups/errors';
import { papelLabel, visibilidadeLabel } from '@/features/groups/labels';
import type { GroupDetail } from '@/features/groups/types';
import '@/features/groups/groups.css';

type Aba = 'visao-geral' | 'membros' | 'solicitacoes' | 'convites' | 'configuracoes';

/** The sections the caller's role opens (shared/domain group_access.go). */
function sectionsFor(group: GroupDetail, isAdmin: boolean): { id: Aba; label: string }[] {
  const manager = group.meuPapel === 'dono' || group.meuPapel === 'coordenador';
  const sections: { id: Aba; label: string }[] = [{ id: 'visao-geral', label: 'Visão geral' }];
  if (group.meuPapel || isAdmin) sections.push({ id: 'membros', label: 'Membros' });
  if ((manager || isAdmin) && (group.entrada === 'aprovacao' || group.solicitacoesPendentes > 0)) {
    sections.push({ id: 'solicitacoes', label: group.solicitacoesPendentes > 0 ? `Pedidos (${group.solicitacoesPendentes})` : 'Pedidos' });
  }
  if (manager || isAdmin) sections.push({ id: 'convites', label: 'Convites' });
  if (manager || isAdmin) sections.push({ id: 'configuracoes', label: 'Configurações' });
  return sections;
}

export function Component() {
  const { groupId = '' } = useParams();
  const [params] = useSearchParams();
  const { isAdmin } = useAuth();
  const query = useGroup(groupId);

  if (query.isPending) {
    return (
      <>
        <PageHeader title="Grupo" />
        <PageLoader />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title="Grupo" />
        {isNotFound(query.error) ? (
          <EmptyState icon={<UsersIcon />} title="Grupo não encontrado">
            <p>Este grupo não existe, foi excluído ou é privado.</p>
            <p className="actions-row">
              <Link className="button button-primary" to="/grupos/diretorio">
                Explorar Grupos
              </Link>
              <Link className="button button-secondary" to="/grupos">
                Meus Grupos
              </Link>
            </p>
          </EmptyState>
        ) : (
          <ErrorState title="Não foi possível carregar o grupo" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }

  const group = query.data;
  const manager = group.meuPapel === 'dono' || group.meuPapel === 'coordenador';
  const sections = sectionsFor(group, isAdmin);
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
                <span className={`tag tag-papel tag-papel-${group.meuPapel}`}>{papelLabel[group.meuPapel]}</span>
              </>
            )}
          </>
        }
        actions={
          (group.meuPapel || isAdmin) && (
            <Link className="button button-primary" to={`/grupos/${gid}/lotes`}>
              Ver lotes
            </Link>
          )
        }
      />
      <Flash />
      {sections.length > 1 && (
        <nav className="tab-nav" aria-label="Seções do grupo">
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <Link
                  to={s.id === 'visao-geral' ? `/grupos/${gid}` : `/grupos/${gid}?aba=${s.id}`}
                  aria-current={s.id === current ? 'page' : undefined}
                  className={s.id === current ? 'active' : undefined}
                  replace
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="group-tab-panel">
        {current === 'visao-geral' && <OverviewTab group={group} />}
        {current === 'membros' && <MembersTab group={group} />}
        {current === 'solicitacoes' && <RequestsTab group={group} canAnswer={manager} />}
        {current === 'convites' && <InvitesTab group={group} canManage={manager} />}
        {current === 'configuracoes' && <SettingsTab group={group} canDelete={group.meuPapel === 'dono' || isAdmin} />}
      </div>
    </>
  );
}
