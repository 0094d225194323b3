import { api, errorFromResponse } from '@/lib/api-client';
import type { Dashboard, ErrorEnvelope } from '@/types/api';

// GET /api/dashboard: what every card of /dashboard draws, in one request (shared/api/me/dashboard.go).
// The page's cards and the shell's bell take their part of one reply (app/routes/app/dashboard.tsx,
// app/provider.tsx), each as the card's own query would have answered: a section that failed is
// its card's error, and the card's retry asks its own route.

/** The addresses /dashboard answers (the router sends / there). */
export const dashboardPath = /^\/(dashboard\/?)?$/;

/**
 * How long one reply serves the callers of a page load (the cards' preload, the bell) once it has
 * come: while it is on its way it serves every caller, however slow the phone or the network.
 */
const sharedForMs = 5_000;
let shared: { settledAt: number | null; reply: Promise<Dashboard> } | undefined;

/** Asks GET /api/dashboard (the page's preload, once per visit of the page). */
export function startDashboardReply(): Promise<Dashboard> {
  const entry: { settledAt: number | null; reply: Promise<Dashboard> } = { settledAt: null, reply: api.get<Dashboard>('/dashboard') };
  const settle = () => {
    entry.settledAt = Date.now();
  };
  entry.reply.then(settle, settle);
  shared = entry;
  return entry.reply;
}

/** Forgets the shared reply (tests that start each page load afresh). */
export function forgetDashboardReply(): void {
  shared = undefined;
}

/** The reply on its way or come less than sharedForMs ago, or a new one. */
export function dashboardReply(): Promise<Dashboard> {
  return shared && (shared.settledAt === null || Date.now() - shared.settledAt <= sharedForMs) ? shared.reply : startDashboardReply();
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
