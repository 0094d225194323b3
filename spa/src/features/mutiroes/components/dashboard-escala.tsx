import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { agendaQuery } from '@/features/mutiroes/api/queries';
import { diasTexto, diaTexto, dataBrasilia, horaMutirao } from '@/features/mutiroes/labels';
import { CalendarFeedBox } from '@/features/mutiroes/components/calendar-feed';
import type { AgendaItem } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

const enc = encodeURIComponent;
const escalaLink = (a: AgendaItem) => `/grupos/${enc(a.groupId)}/escalas/${enc(a.refId)}`;

/**
 * The dashboard's "Minha escala": my weekly turns, the swaps asked of me, the days I took or gave
 * away, and my coming mutirões (GET /api/me/agenda), with my calendar feed for the phone.
 */
export default function DashboardEscala() {
  const query = useQuery(agendaQuery);
  const [feed, setFeed] = useState(false);
  const items = query.data?.items ?? [];
  const turnos = items.filter((a) => a.tipo === 'escala');
  const pedidos = items.filter((a) => a.tipo === 'pedido');
  const trocas = items.filter((a) => a.tipo === 'troca' || a.tipo === 'cedida');
  const mutiroes = items.filter((a) => a.tipo === 'mutirao' && !a.cancelado).slice(0, 3);
  return (
    <DashboardCard id="dash-escala" title="Minha escala" query={query} loading="Carregando escala..." errorTitle="Não foi possível carregar a sua escala">
      {query.isSuccess && items.length === 0 && <p className="muted">Você não está em nenhuma escala nem inscrito em mutirões. Veja os mutirões dos seus grupos.</p>}
      {items.length > 0 && (
        <ul className="dash-list">
          {pedidos.map((a) => (
            <li key={`p-${a.refId}-${a.data}`}>
              <Link to={escalaLink(a)}>
                <strong>Troca pedida:</strong> {a.de} pediu que você assuma {a.titulo} de {diaTexto(a.data)}
              </Link>
            </li>
          ))}
          {turnos.map((a) => (
            <li key={`e-${a.refId}`}>
              <Link to={escalaLink(a)}>
                <strong>{a.titulo}</strong> · {diasTexto(a.dias)}, {a.hora}
              </Link>
            </li>
          ))}
          {trocas.map((a) => (
            <li key={`t-${a.tipo}-${a.refId}-${a.data}`}>
              <Link to={escalaLink(a)}>
                {a.tipo === 'troca' ? `Você assume ${a.titulo} de ${diaTexto(a.data)}` : `Você passou ${a.titulo} de ${diaTexto(a.data)}`}
              </Link>
            </li>
          ))}
          {mutiroes.map((a) => (
            <li key={`m-${a.refId}`}>
              <Link to={`/grupos/${enc(a.groupId)}/mutiroes/${enc(a.refId)}`}>
                <strong>Mutirão:</strong> {a.titulo} · {a.inicio ? `${diaTexto(dataBrasilia(a.inicio))}, ${horaMutirao(a.inicio)}` : ''}
                {a.espera ? ' (lista de espera)' : ''}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {feed ? (
        <CalendarFeedBox groupId="" />
      ) : (
        <button type="button" className="link-button" onClick={() => setFeed(true)}>
          Ver no calendário do celular
        </button>
      )}
    </DashboardCard>
  );
}
