import { api, errorFromResponse } from '@/lib/api-client';
import type { Dashboard, ErrorEnvelope } from '@/types/api';

// GET /api/dashboard: what every card of /dashboard draws, in one request (shared/api/me/dashboard.go).
// The page's cards and the shell's bell take their part of one reply (app/routes/app/dashboard.tsx,
// app/provider.tsx), each as the card's own query would have answered: a section that failed is
// its card's error, and the card's retry asks its own route.

/** The addresses /dashboard answers (the router sends / there). */
export const dashboardPath = /^\/(dashboard\/?)?$/;

/** How long one reply serves the callers of a page load (the cards' preload, the bell). */
const sharedForMs = 5_000;
let shared: { at: number; reply: Promise<Dashboard> } | undefined;

/** Asks GET /api/dashboard (the page's preload, once per visit of the page). */
export function startDashboardReply(): Promise<Dashboard> {
  shared = { at: Date.now(), reply: api.get<Dashboard>('/dashboard') };
  return shared.reply;
}

/** The reply asked less than sharedForMs ago, or a new one. */
export function dashboardReply(): Promise<Dashboard> {
  return shared && Date.now() - shared.at <= sharedForMs ? shared.reply : startDashboardReply();
}

const statusOf: Record<string, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** A section's reply, or its route's error (the ApiError the card's own request would have thrown). */
export function sectionOf<T extends object>(section: T | ErrorEnvelope): T {
  if ('error' in section && section.error && typeof section.error === 'object' && 'code' in section.error) {
    const e = section as ErrorEnvelope;
    throw errorFromResponse(statusOf[e.error.code] ?? 500, e);
  }
  return section as T;
}

/**
 * A card's query function that takes its section of the shared reply, and asks the card's own
 * route (own) only when the whole reply failed.
 */
export function fromDashboard<T extends object>(
  take: (d: Dashboard) => T | ErrorEnvelope,
  own: () => Promise<T>,
  reply: () => Promise<Dashboard> = dashboardReply,
): () => Promise<T> {
  return async () => {
    let d: Dashboard;
    try {
      d = await reply();
    } catch {
      return own();
    }
    return sectionOf(take(d));
  };
}
