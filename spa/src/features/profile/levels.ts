// Levels (shared/domain/levels.go): level n starts at 50·n·(n−1) points. The server computes nivel; the client
// only names it and shows the way to the next one.

export const levelNames = [
  'Semente',
  'Broto',
  'Muda',
  'Planta Jovem',
  'Planta Adulta',
  'Florescendo',
  'Frutificando',
  'Colhedor',
  'Mestre da Horta',
  'Guardião do Verde',
];

export function levelStart(level: number): number {
  return 50 * level * (level - 1);
}

export function levelName(level: number): string {
  const n = Math.max(1, Math.floor(level || 1));
  return levelNames[Math.min(n, levelNames.length) - 1]!;
}

/** Progress (0–1) from the current level's start to the next level's, and the points missing. */
export function levelProgress(level: number, points: number): { fraction: number; missing: number; next: number } {
  const n = Math.max(1, Math.floor(level || 1));
  const start = levelStart(n);
  const next = levelStart(n + 1);
  const fraction = Math.min(1, Math.max(0, (points - start) / (next - start)));
  return { fraction, missing: Math.max(0, next - points), next: n + 1 };
}
