import { useId, useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { errorMessage } from '@/lib/errors';
import { useRankingPrivacy } from '@/features/rankings/api/rankings';
import '@/features/rankings/rankings.css';

/**
 * "Privacidade nos rankings" (for /configuracoes): a member may leave the public rankings; they
 * still see their own position. Saved at once (PUT /api/me { ocultarDoRanking }).
 */
export function RankingPrivacySection() {
  const { userData } = useAuth();
  const save = useRankingPrivacy();
  const id = useId();
  // What the member asked for shows at once (the mutation's own pending state arrives a moment
  // later: drawn from it alone, the box went back unchecked in between); a failed save shows the
  // saved value again.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const saved = Boolean(userData?.ocultarDoRanking);
  const hidden = wanted ?? saved;
  return (
    <section className="card ranking-privacy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Privacidade nos rankings</h2>
      <label className="ranking-privacy-toggle">
        <input
          type="checkbox"
          checked={hidden}
          disabled={!userData || save.isPending}
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            setWanted(e.target.checked);
            save.mutate(e.target.checked, { onError: () => setWanted(null) });
          }}
        />
        <span>Ocultar meu nome dos rankings públicos</span>
      </label>
      <p id={`${id}-help`} className="muted">
        Quando marcado, você não aparece nos rankings para os outros membros, mas continua vendo a sua própria posição.
      </p>
      <p aria-live="polite" className={save.isError ? 'field-error' : 'muted'}>
        {save.isPending
          ? 'Salvando...'
          : save.isError
            ? errorMessage(save.error, 'Não foi possível salvar. Tente novamente.')
            : save.isSuccess
              ? hidden
                ? 'Pronto: você está oculto dos rankings públicos.'
                : 'Pronto: você aparece nos rankings.'
              : ''}
      </p>
    </section>
  );
}
