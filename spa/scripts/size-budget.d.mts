// The types of size-budget.mjs, for its test (src/testing/size-budget.test.ts).
import type { LandingRoute } from './landing-routes.mjs';
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export const budgetBytes: number;
export function routeFiles(manifest: Manifest, route: Pick<LandingRoute, 'modules' | 'awaits'>): string[];
export function measureRoutes(
  manifest: Manifest,
  routes: Pick<LandingRoute, 'name' | 'modules' | 'awaits'>[],
  sizeOf: (file: string) => number,
  extra?: string[],
  budget?: number,
): { route: string; files: { file: string; bytes: number }[]; total: number; over: boolean }[];
