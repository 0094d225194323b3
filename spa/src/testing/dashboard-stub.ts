// GET /api/dashboard as the server answers it (shared/api/me/dashboard.go): each section is the reply
// of the card's own route, or that route's error envelope. Tests describe the routes' answers once
// and serve both the one reply and the routes a card's retry asks.

type Answer = (init?: RequestInit) => Response | Promise<Response>;

/** The sections and the stub key of the route each one is. */
const sections: Record<string, string> = {
  banners: 'GET /api/banners',
  ranking: 'GET /api/rankings/membros',
  cultivos: 'GET /api/cultivos',
  planteAgora: 'GET /api/vegetables/plante-agora',
  grupos: 'GET /api/me/groups',
  progresso: 'GET /api/me/progress',
  publicacoes: 'GET /api/feed/grupos',
  naoLidas: 'GET /api/notifications/unread-count',
  agenda: 'GET /api/me/agenda',
};

/** What a section is when its route is not stubbed: the bell at 0, an empty agenda. */
const defaults: Record<string, unknown> = { naoLidas: { count: 0 }, agenda: { items: [] } };

/** The answer of GET /api/dashboard made of routes' answers (a route not stubbed: its default, else 404). */
export function dashboardOf(routes: Record<string, Answer>): Answer {
  return async () => {
    const body: Record<string, unknown> = {};
    for (const [name, key] of Object.entries(sections)) {
      const answer = routes[key] ?? (name in defaults ? () => new Response(JSON.stringify(defaults[name])) : undefined);
      body[name] = answer ? await (await answer()).json() : { error: { code: 'not_found', message: 'Não encontrado' } };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** The routes' answers and GET /api/dashboard made of them. */
export function withDashboard(routes: Record<string, Answer>): Record<string, Answer> {
  return { ...routes, 'GET /api/dashboard': dashboardOf(routes) };
}
