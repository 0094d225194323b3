// The types of landing-routes.mjs, for vite.config.ts.
export interface LandingRoute {
  name: string;
  path: string;
  modules: string[];
  awaits: string[];
  session: boolean;
  later: string[];
  sheetsOf: string[];
  reads: string[];
}
export const dashboardCards: string[];
export const landingRoutes: LandingRoute[];
export const budgetRoutes: string[];
