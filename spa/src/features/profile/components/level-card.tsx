import { plural, pluralForm } from '@/lib/format';
import { levelName, levelProgress } from '@/features/profile/levels';
import '@/features/profile/profile.css';

export function LevelCard({ nivel, pontos }: { nivel: number; pontos: number }) {
  const level = Math.max(1, nivel || 1);
  const progress = levelProgress(level, pontos);
  const percent = Math.round(progress.fraction * 100);
  return (
    <section className="card level-card" aria-labelledby="level-card-title">
      <h2 id="level-card-title">
        Nível {level} · {levelName(level)}
      </h2>
      <p className="level-points">{plural(pontos, 'ponto', 'pontos')}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={`Progresso até o nível ${progress.next}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="level-next">
        {`${pluralForm(progress.missing, 'Falta', 'Faltam')} ${plural(progress.missing, 'ponto', 'pontos')}`} para o nível {progress.next}
      </p>
    </section>
  );
}
