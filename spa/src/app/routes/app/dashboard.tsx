// /dashboard (DESIGN §5): greeting, level, banners, my active cultivos, "Plante agora", my groups,
// recent posts of my groups, my ranking position this month and recent conquistas.
//
// Requests, each once and all in parallel (no card waits for another's answer):
//   GET /api/me                                      the shell's profile: greeting, level card, whether I am in a group
//   GET /api/notifications/unread-count              the shell's bell
//   GET /api/banners                                 active banners
//   GET /api/cultivos?ativos=true&limit=5            my active cultivos
//   GET /api/vegetables/plante-agora                 "Plante agora" (the server reads the UF on my profile)
//   GET /api/me/groups?limit=5                       my groups with my role
//   GET /api/feed/grupos?limit=3                     recent posts of my groups
//   GET /api/rankings/membros?periodo=mes&limit=0    my position and points this month (no top)
//   GET /api/me/progress                             recent conquistas
// dashboard.test.tsx counts them. Every card is its own lazily loaded chunk (the route's first
// JavaScript stays inside its budget) with its own loading and error state: one failing card
// never blanks the others.
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { Flash } from '@/components/ui/flash';
import { CardLoading } from '@/features/dashboard/components/card-loading';

const LevelCard = lazy(() => import('@/features/profile/components/level-card').then((m) => ({ default: m.LevelCard })));
// The admins' active banners (nothing shows while they load, or when there are none).
const DashboardBanners = lazy(() => import('@/features/banners/components/dashboard-banners'));
const MyActiveCultivos = lazy(() => import('@/features/cultivos/components/dashboard-cards').then((m) => ({ default: m.MyActiveCultivos })));
const PlanteAgoraCard = lazy(() => import('@/features/cultivos/components/dashboard-cards').then((m) => ({ default: m.PlanteAgoraCard })));
const DashboardGroups = lazy(() => import('@/features/groups/components/dashboard-groups'));
const DashboardPosts = lazy(() => import('@/features/feed/components/dashboard-posts'));
const DashboardStanding = lazy(() => import('@/features/rankings/components/dashboard-standing'));
const DashboardConquistas = lazy(() => import('@/features/profile/components/dashboard-conquistas'));

function Card({ id, title, label, wide, children }: { id: string; title: string; label: string; wide?: boolean; children: ReactNode }) {
  return <Suspense fallback={<CardLoading id={id} title={title} label={label} wide={wide} />}>{children}</Suspense>;
}

export function Component() {
  const { userData, user } = useAuth();
  const firstName = (userData?.nome || user?.name || '').trim().split(/\s+/)[0];
  const inGroups = (userData?.gruposParticipantes.length ?? 0) > 0;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={<span className="text-clamp-2">{firstName ? `Olá, ${firstName}!` : 'Olá!'}</span>} />
      <Flash />
      <div className="page-grid">
        <Suspense fallback={null}>
          <DashboardBanners />
        </Suspense>
        {userData && (
          <Card id="level-card-title" title="Nível" label="Carregando nível...">
            <LevelCard nivel={userData.nivel} pontos={userData.pontosTotais} />
          </Card>
        )}
        <Card id="dash-ranking" title="Meu ranking do mês" label="Carregando ranking...">
          <DashboardStanding />
        </Card>
        <Card id="dash-cultivos" title="Meus cultivos" label="Carregando cultivos...">
          <MyActiveCultivos />
        </Card>
        <Card id="dash-plante" title="Plante agora" label="Carregando sugestões...">
          <PlanteAgoraCard />
        </Card>
        <Card id="dash-grupos" title="Meus grupos" label="Carregando grupos...">
          <DashboardGroups />
        </Card>
        <Card id="dash-conquistas" title="Conquistas recentes" label="Carregando conquistas...">
          <DashboardConquistas />
        </Card>
        <Card id="dash-posts" title="Publicações dos meus grupos" label="Carregando publicações..." wide>
          <DashboardPosts inGroups={inGroups} />
        </Card>
      </div>
    </>
  );
}
