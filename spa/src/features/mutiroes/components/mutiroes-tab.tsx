import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore, QueryState } from '@/components/ui/query-states';
import { enc } from '@/lib/api-path';
import { plural } from '@/lib/format';
import { MutiraoListItem, sectionSpinner } from '@/features/mutiroes/components/list-item';
import { useMutiroes } from '@/features/mutiroes/api/mutiroes';
import { CreateMutiraoDialog } from '@/features/mutiroes/components/create-mutirao-dialog';
import { CalendarFeedBox } from '@/features/mutiroes/components/calendar-feed';
import { dataBrasilia, horarioMutirao, vagasTexto } from '@/features/mutiroes/labels';
import type { Mutirao } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

const monthsShort = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

function MutiraoItem({ groupId, m }: { groupId: string; m: Mutirao }) {
  const [y, mo, d] = dataBrasilia(m.inicio).split('-');
  return (
    <MutiraoListItem
      badge={
        <>
          {Number(d)}
          <small>
            {monthsShort[Number(mo) - 1]} {y}
          </small>
        </>
      }
      to={`/grupos/${enc(groupId)}/mutiroes/${enc(m.id)}`}
      title={m.titulo}
    >
      <p className="mutirao-meta">
        {dataBrasilia(m.inicio).split('-').reverse().join('/')} · {horarioMutirao(m.inicio, m.duracaoMin)} · {m.local}
      </p>
      <p className="mutirao-meta">
        {m.status === 'cancelado' ? <strong>Cancelado</strong> : vagasTexto(m.inscritos, m.vagas, m.espera)}
        {m.presentes > 0 && ` · ${plural(m.presentes, 'presente', 'presentes')}`}
      </p>
    </MutiraoListItem>
  );
}

/** The group's "Mutirões" tab: the coming ones (or the past ones), and the coordinator's "Novo mutirão". */
export function MutiroesTab({ groupId, canCreate, canSeeRelatorio }: { groupId: string; canCreate: boolean; canSeeRelatorio: boolean }) {
  const [passados, setPassados] = useState(false);
  const [creating, setCreating] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  const navigate = useNavigate();
  const list = useMutiroes(groupId, passados);

  return (
    <section aria-labelledby="mutiroes-title">
      <div className="mutirao-toolbar">
        <h2 id="mutiroes-title" className="section-title">
          {passados ? 'Mutirões passados' : 'Próximos mutirões'}
        </h2>
        <div className="button-row">
          <button type="button" className="button button-secondary button-small" onClick={() => setPassados((p) => !p)} aria-pressed={passados}>
            {passados ? 'Ver próximos' : 'Ver passados'}
          </button>
          {canSeeRelatorio && (
            <Link className="button button-secondary button-small" to={`/grupos/${enc(groupId)}/relatorio`}>
              Relatório
            </Link>
          )}
          {canCreate && (
            <button type="button" className="button button-primary button-small" onClick={() => setCreating(true)}>
              Novo mutirão
            </button>
          )}
        </div>
      </div>
      <QueryState
        query={list}
        loader={sectionSpinner}
        errorTitle="Não foi possível carregar os mutirões"
        empty={
          <EmptyState title={passados ? 'Nenhum mutirão passado' : 'Nenhum mutirão marcado'}>
            <p>
              {passados
                ? 'Os mutirões realizados aparecem aqui, com a presença de cada um.'
                : canCreate
                  ? 'Marque um dia de trabalho coletivo: diga as tarefas e quantas pessoas cada uma precisa.'
                  : 'Quando a coordenação marcar um mutirão, você se inscreve aqui.'}
            </p>
          </EmptyState>
        }
      >
        {(mutiroes) => (
          <>
            <ul className="mutirao-list">
              {mutiroes.map((m) => (
                <MutiraoItem key={m.id} groupId={groupId} m={m} />
              ))}
            </ul>
            <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
          </>
        )}
      </QueryState>
      <details className="card mutirao-section" onToggle={(e) => setFeedOpen(e.currentTarget.open)}>
        <summary>Calendário do grupo no celular</summary>
        {feedOpen && <CalendarFeedBox groupId={groupId} />}
      </details>
      {creating && (
        <CreateMutiraoDialog
          groupId={groupId}
          onClose={() => setCreating(false)}
          onDone={(m) => navigate(`/grupos/${enc(groupId)}/mutiroes/${enc(m.id)}`, { state: { aviso: 'Mutirão agendado.' } })}
        />
      )}
    </section>
  );
}
