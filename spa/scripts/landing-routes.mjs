// The landing routes: what a first visit of each needs, the one table the build's preload script
// (vite.config.ts, routePreload) and the size check (scripts/check-size.mjs) read.
//   modules  the route's modules the router loads (their chunks and static imports are fetched
//            alongside the entry, as modulepreload links)
//   awaits   modules whose import()s the route waits for before its content draws (the
//            dashboard's route module imports its cards, and its preload awaits them): the size
//            check counts every chunk those modules import dynamically, with its static imports
//   session  only when the browser holds a session (a signed-out visitor is sent to /login)
//   later    what the visitor will probably want next, fetched into the HTTP cache once the page
//            has loaded and the browser is idle, and not run
//   sheetsOf the modules whose stylesheets are applied at once, while the page is a spinner
//   reads    the API reads the first paint waits for, started with the stored access token

// Amplify: a session's refresh and the sign-in actions. A signed-in page whose stored access token
// has more than a minute left draws without it (src/lib/auth/stored-session.ts), so it is fetched later.
const amplify = 'src/lib/auth/amplify.ts';
const afterSignIn = ['src/lib/auth/actions.ts', amplify, 'src/app/layouts/main-layout.tsx', 'src/app/routes/app/dashboard.tsx'];

/** The dashboard's cards (src/app/routes/app/dashboard.tsx), each a lazy module its preload awaits. */
export const dashboardCards = [
  'src/features/profile/components/level-card.tsx',
  'src/features/banners/components/dashboard-banners.tsx',
  'src/features/cultivos/components/dashboard-cards.tsx',
  'src/features/groups/components/dashboard-groups.tsx',
  'src/features/feed/components/dashboard-posts.tsx',
  'src/features/rankings/components/dashboard-standing.tsx',
  'src/features/profile/components/dashboard-conquistas.tsx',
  'src/features/mutiroes/components/dashboard-escala.tsx',
];

export const landingRoutes = [
  { name: '/login', path: '^/login/?$', modules: ['src/app/routes/auth/login.tsx'], awaits: [], session: false, later: afterSignIn, sheetsOf: [], reads: [] },
  { name: '/registro', path: '^/(registro|register)/?$', modules: ['src/app/routes/auth/register.tsx'], awaits: [], session: false, later: afterSignIn, sheetsOf: [], reads: [] },
  {
    name: '/dashboard',
    path: '^/(dashboard/?)?$',
    modules: ['src/app/layouts/main-layout.tsx', 'src/app/routes/app/dashboard.tsx'],
    awaits: ['src/app/routes/app/dashboard.tsx'],
    session: true,
    later: [amplify],
    // The cards' stylesheets are applied at once, while the page is a spinner, instead of one by
    // one as the cards arrive (each a style-and-layout task of the whole page, 60-80 ms on a phone).
    sheetsOf: dashboardCards,
    // The shell's (lib/auth/auth-provider.tsx) and the dashboard's one reply for its cards and the
    // bell (app/routes/app/dashboard.tsx, app/layouts/main-layout.tsx, features/dashboard/api/queries.ts),
    // exactly as the API client asks for them: e2e/speed.test.mjs fails if one is asked for twice.
    reads: ['/me', '/dashboard'],
  },
];

/** The routes the size check holds to its budget. */
export const budgetRoutes = ['/login', '/dashboard'];
