// /dashboard: greeting, level, banners, my active cultivos, "Plante agora", my groups,
// recent posts of my groups, my ranking position this month and recent conquistas.
//
// Requests: two, in parallel.
//   GET /api/me          the shell's profile: greeting, level card, whether I am in a group
//   GET /api/dashboard   every card's reply in one (shared/api/me/dashboard.go): active banners, my
//                        position and points this month, my 5 newest active cultivos, "Plante agora"
//                        (the server reads the UF on my profile), my 5 groups with my role, recent
//                        conquistas, the 3 newest posts of my groups, "Minha escala" (my turns,
//                        swaps and coming mutirões) and the shell's unread count (app/provider.tsx
//                        takes that one from the same reply)
// Each card's query takes its section (features/dashboard/api/queries.ts): a section that failed is
// that card's error, whose retry asks the card's own route; if the whole reply failed, each card
// asks its own route. dashboard.test.tsx counts them.
//
// The cards' reads and code start with this route's chunk (preload below, which the router runs
// as soon as the address matches), in parallel with the shell's GET /api/me, not after it; the
// page is drawn once they are here (or after revealWithinMs, then a late card shows its own
// loading state): the cards appear together instead of pushing one another down as each arrives.
// Every card is its own lazy module (the route's first JavaScript stays inside its budget; the
// build puts the seven in one `dashboard-cards` chunk, vite.config.ts) with its own loading and
// error state: one failing card, or card chunk, never blanks the others.
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { mayHaveSession } from '@/lib/auth/amplify-loader';
import { lazyModule, useLazyModule, type LazyModule } from '@/lib/lazy-module';
import { nextTask } from '@/lib/idle';
import { PageHeader } from '@/components/ui/page-header';
import { Flash } from '@/components/ui/flash';
import { CardFailed, CardLoading } from '@/features/dashboard/components/card-loading';
import { activeBannersQuery } from '@/features/banners/api/queries';
import { dashboardCultivosQuery, planteAgoraQuery } from '@/features/cultivos/api/queries';
import { dashboardGroupsQuery } from '@/features/groups/api/queries';
import { dashboardPostsQuery } from '@/features/feed/api/queries';
import { myProgressQuery } from '@/features/profile/api/queries';
import { myStandingQuery } from '@/features/rankings/api/queries';
import { dashboardReply, fromDashboard } from '@/features/dashboard/api/queries';
import type { Dashboard } from '@/types/api';
import { agendaQuery } from '@/features/mutiroes/api/queries';

const cards = {
  level: lazyModule(() => import('@/features/profile/components/level-card')),
  // The admins' active banners (nothing shows while they load, or when there are none).
  banners: lazyModule(() => import('@/features/banners/components/dashboard-banners')),
  cultivos: lazyModule(() => import('@/features/cultivos/components/dashboard-cards')),
  groups: lazyModule(() => import('@/features/groups/components/dashboard-groups')),
  posts: lazyModule(() => import('@/features/feed/components/dashboard-posts')),
  standing: lazyModule(() => import('@/features/rankings/components/dashboard-standing')),
  conquistas: lazyModule(() => import('@/features/profile/components/dashboard-conquistas')),
  escala: lazyModule(() => import('@/features/mutiroes/components/dashboard-escala')),
};

/**
 * The cards' reads: the same keys and options their components use, each answered from its section
 * of the one GET /api/dashboard reply (a card that mounts meanwhile joins the read under way).
 */
const reads: ((client: QueryClient, reply: () => Promise<Dashboard>) => Promise<void>)[] = [
  (client, r) => client.prefetchQuery({ ...activeBannersQuery, queryFn: fromDashboard((d) => d.banners, activeBannersQuery.queryFn, r) }),
  (client, r) => client.prefetchQuery({ ...myStandingQuery, queryFn: fromDashboard((d) => d.ranking, myStandingQuery.queryFn, r) }),
  (client, r) => client.prefetchQuery({ ...dashboardCultivosQuery, queryFn: fromDashboard((d) => d.cultivos, dashboardCultivosQuery.queryFn, r) }),
  (client, r) => {
    const plante = planteAgoraQuery();
    return client.prefetchQuery({ ...plante, queryFn: fromDashboard((d) => d.planteAgora, plante.queryFn, r) });
  },
  (client, r) => client.prefetchQuery({ ...dashboardGroupsQuery, queryFn: fromDashboard((d) => d.grupos, dashboardGroupsQuery.queryFn, r) }),
  (client, r) => client.prefetchQuery({ ...myProgressQuery, queryFn: fromDashboard((d) => d.progresso, myProgressQuery.queryFn, r) }),
  (client, r) => client.prefetchQuery({ ...dashboardPostsQuery, queryFn: fromDashboard((d) => d.publicacoes, dashboardPostsQuery.queryFn, r) }),
  (client, r) => client.prefetchQuery({ ...agendaQuery, queryFn: fromDashboard((d) => d.agenda, agendaQuery.queryFn, r) }),
];

/** How long the page waits for its cards before it is drawn with a late one still loading. */
export const revealWithinMs = 1000;

/** Starts the cards' code and reads (the reads only when there may be a session: a signed-out visitor is on the way to /login). */
export function preload(client: QueryClient): Promise<unknown> {
  let reply: Promise<Dashboard> | undefined;
  // The reply the bell may have asked for already (app/provider.tsx), or a new one.
  const once = () => (reply ??= dashboardReply());
  const data = mayHaveSession() ? reads.map((read) => read(client, once)) : [];
  // One card per task: starting an import() adds a <link> for each file it needs (Vite's
  // loader), and starting the seven at once, when each was its own chunk, was one task of ~60 ms
  // on a fast machine (~250 ms on a phone). Now that the build puts them in one chunk the later
  // ones find their files asked for already; the turns cost a few milliseconds.
  let turn = Promise.resolve();
  const code = Object.values(cards).map((card) => {
    const mine = turn;
    turn = turn.then(nextTask);
    return mine.then(() => card.start());
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, revealWithinMs)));
  return Promise.race([Promise.allSettled([...code, ...data]), late]).finally(() => clearTimeout(timer));
}

/** A card drawn from its chunk: its loading state until the chunk is here, a reload if it failed. */
function Card<M>({
  card,
  id,
  title,
  label,
  wide,
  children,
}: {
  card: LazyModule<M>;
  id: string;
  title: string;
  label: string;
  wide?: boolean;
  children: (module: M) => ReactNode;
}) {
  const { module, failed } = useLazyModule(card);
  if (module) return children(module);
  if (failed) return <CardFailed id={id} title={title} wide={wide} />;
  return <CardLoading id={id} title={title} label={label} wide={wide} />;
}

export function Component() {
  const { userData, user } = useAuth();
  const firstName = (userData?.nome || user?.name || '').trim().split(/\s+/)[0];
  const inGroups = (userData?.gruposParticipantes.length ?? 0) > 0;
  const banners = useLazyModule(cards.banners).module;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={<span className="text-clamp-2">{firstName ? `Olá, ${firstName}!` : 'Olá!'}</span>} />
      <Flash />
      <div className="page-grid">
        {banners && <banners.default />}
        {userData && (
          <Card card={cards.level} id="level-card-title" title="Nível" label="Carregando nível...">
            {(m) => <m.LevelCard nivel={userData.nivel} pontos={userData.pontosTotais} />}
          </Card>
        )}
        <Card card={cards.standing} id="dash-ranking" title="Meu ranking do mês" label="Carregando ranking...">
          {(m) => <m.default />}
        </Card>
        <Card card={cards.cultivos} id="dash-cultivos" title="Meus cultivos" label="Carregando cultivos...">
          {(m) => <m.MyActiveCultivos />}
        </Card>
        <Card card={cards.cultivos} id="dash-plante" title="Plante agora" label="Carregando sugestões...">
          {(m) => <m.PlanteAgoraCard />}
        </Card>
        <Card card={cards.escala} id="dash-escala" title="Minha escala" label="Carregando escala...">
          {(m) => <m.default />}
        </Card>
        <Card card={cards.groups} id="dash-grupos" title="Meus grupos" label="Carregando grupos...">
          {(m) => <m.default />}
        </Card>
        <Card card={cards.conquistas} id="dash-conquistas" title="Conquistas recentes" label="Carregando conquistas...">
          {(m) => <m.default />}
        </Card>
        <Card card={cards.posts} id="dash-posts" title="Publicações dos meus grupos" label="Carregando publicações..." wide>
          {(m) => <m.default inGroups={inGroups} />}
        </Card>
      </div>
    </>
  );
}
