import { formatDateTime } from '@/lib/format';
import type { LoteRequest } from '@/types/api';
import '@/features/lotes/lotes.css';

/** Coordinators' list of open lote requests; each opens its lote. Nothing when there are none. */
export function PendingLoteRequests({ requests, onOpen }: { requests: LoteRequest[]; onOpen: (codigo: string) => void }) {
  if (requests.length === 0) return null;
  return (
    <section className="card lote-requests" aria-labelledby="pedidos-lote">
      <h2 id="pedidos-lote">Pedidos de lote ({requests.length})</h2>
      <ul>
        {requests.map((r) => (
          <li key={`${r.codigo}-${r.userId}`}>
            <button type="button" className="link-button" onClick={() => onOpen(r.codigo)}>
              {r.nome} pediu o lote {r.codigo}
            </button>
            <span className="muted"> · {formatDateTime(r.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
