import { useId } from 'react';
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
  const hidden = save.isPending ? Boolean(save.variables) : save.isSuccess ? Boolean(save.data.ocultarDoRanking) : Boolean(userData?.ocultarDoRanking);
  return (
    <section className="card ranking-privacy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Privacidade nos rankings</h2>
      <label className="ranking-privacy-toggle">
        <input
          type="checkbox"
          checked={hidden}
          disabled={!userData || save.isPending}
          aria-describedby={`${id}-help`}
          onChange={(e) => save.mutate(e.target.checked)}
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
