import { useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { useCalendarFeed, useNewCalendarFeed, useRevokeCalendarFeed } from '@/features/mutiroes/api/mutiroes';
import '@/features/mutiroes/mutiroes.css';

/**
 * A calendar feed's address to subscribe to in a phone's calendar (mine when groupId is '', else
 * the group's): create it, copy it, replace it with a new one or revoke it (the old address stops
 * working at once).
 */
export function CalendarFeedBox({ groupId }: { groupId: string }) {
  const feed = useCalendarFeed(groupId);
  const create = useNewCalendarFeed(groupId);
  const revoke = useRevokeCalendarFeed(groupId);
  const [copied, setCopied] = useState(false);
  const url = feed.data?.url ?? null;
  const webcal = url?.replace(/^https?:/, 'webcal:');
  const error = feed.error ?? create.error ?? revoke.error;
  const what = groupId ? 'os mutirões e as escalas do grupo' : 'os mutirões em que você se inscreveu e os seus turnos de escala';
  return (
    <div className="calendar-feed">
      <p className="muted">Assine no calendário do celular para ver {what}. O endereço é pessoal: quem o tiver vê a agenda.</p>
      {feed.isPending && <p className="muted">Carregando...</p>}
      {url ? (
        <>
          <label className="field">
            <span>Endereço do calendário</span>
            <input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <p className="button-row">
            <a className="button button-primary button-small" href={webcal}>
              Assinar no calendário
            </a>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
            >
              {copied ? 'Copiado!' : 'Copiar endereço'}
            </button>
            <button type="button" className="button button-secondary button-small" disabled={create.isPending} onClick={() => create.mutate()}>
              Gerar novo endereço
            </button>
            <button type="button" className="button button-danger-outline button-small" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              Revogar
            </button>
          </p>
        </>
      ) : (
        feed.isSuccess && (
          <button type="button" className="button button-secondary button-small" disabled={create.isPending} onClick={() => create.mutate()}>
            Criar endereço do calendário
          </button>
        )
      )}
      <p className="form-error" role="alert">
        {error ? errorMessage(error, 'Não foi possível carregar o calendário.') : null}
      </p>
    </div>
  );
}
