import { useEffect, useRef, useState } from 'react';
import { discardQueued, retryQueued, type QueueItem } from '@/lib/offline/queue';
import { formatDateTime } from '@/lib/format';
import { useOnline, useQueue } from '@/lib/offline/hooks';
import '@/components/ui/queue-list.css';

const kindLabel = { diario: 'Diário', rega: 'Rega', colheita: 'Colheita' } as const;

/**
 * The offline queue's items (all, or one cultivo's), oldest first: each with its state (aguardando
 * conexão, enviando, or the server's refusal with what to do) and, when refused, "Tentar de novo"
 * and "Descartar".
 */
export function QueueList({ cultivoId, title, onEmpty }: { cultivoId?: string; title?: string; onEmpty?: () => void }) {
  const { items, sending } = useQueue();
  const online = useOnline();
  const shown = cultivoId ? items.filter((i) => i.cultivoId === cultivoId) : items;
  // onEmpty: once, each time the list goes from some items to none.
  const had = useRef(false);
  useEffect(() => {
    if (shown.length > 0) had.current = true;
    else if (had.current) {
      had.current = false;
      onEmpty?.();
    }
  }, [shown.length, onEmpty]);
  if (shown.length === 0) return null;
  return (
    <section className="queue" aria-label={title ?? 'Fila de envio'}>
      {title && <h3>{title}</h3>}
      <ul className="queue-list">
        {shown.map((item) => (
          <QueueRow key={item.id} item={item} sending={sending === item.id} online={online} />
        ))}
      </ul>
    </section>
  );
}

function QueueRow({ item, sending, online }: { item: QueueItem; sending: boolean; online: boolean }) {
  const [busy, setBusy] = useState(false);
  const photos = Object.keys(item.photos).length;
  const state = item.refusal ? 'recusado' : sending ? 'enviando' : 'aguardando';
  const act = (run: () => Promise<void>) => {
    setBusy(true);
    void run().finally(() => setBusy(false));
  };
  return (
    <li className="queue-item" data-estado={state}>
      <div>
        <strong>{`${kindLabel[item.kind]}: ${item.label}`}</strong>
        <span className="queue-meta">
          {formatDateTime(new Date(item.createdAt).toISOString())}
          {photos > 0 && ` · ${photos === 1 ? '1 foto' : `${photos} fotos`}`}
        </span>
        {typeof item.body.texto === 'string' && item.body.texto && item.kind !== 'rega' && <p className="queue-text">{item.body.texto}</p>}
      </div>
      {state === 'aguardando' && <span className="queue-state">{online ? 'Aguardando envio' : 'Aguardando conexão'}</span>}
      {state === 'enviando' && <span className="queue-state">Enviando...</span>}
      {item.refusal && (
        <div className="queue-refusal" role="alert">
          <p>
            <strong>Não foi aceito:</strong> {item.refusal.message}
          </p>
          <p>{item.refusal.advice}</p>
          <div className="button-row">
            <button type="button" className="button button-secondary button-small" disabled={busy || !online} onClick={() => act(() => retryQueued(item.id))}>
              Tentar de novo
            </button>
            <button type="button" className="button button-danger-outline button-small" disabled={busy} onClick={() => act(() => discardQueued(item.id))}>
              Descartar
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
