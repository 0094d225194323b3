import { useState } from 'react';
import { Fact } from '@/components/ui/fact';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/flash';
import { FailureAlert, QueryState } from '@/components/ui/query-states';
import { enc } from '@/lib/api-path';
import { errorMessage } from '@/lib/errors';
import { useAuth } from '@/lib/auth/auth-context';
import { MutiraoListItem, sectionSpinner } from '@/features/mutiroes/components/list-item';
import { useAnswerSwap, useAskSwap, useDeleteEscala, useEscalas, useGroupMembers, useMarkDone } from '@/features/mutiroes/api/shared-work';
import { EscalaDialog } from '@/features/mutiroes/components/escala-dialog';
import { diasSemana, diasTexto, diaTexto, horasTexto } from '@/features/mutiroes/labels';
import type { EscalaDetail } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

/** The group's "Escalas" tab: its weekly rotas, and "Nova escala" for coordinators. */
export function EscalasTab({ groupId, canManage }: { groupId: string; canManage: boolean }) {
  const list = useEscalas(groupId);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="escalas-title">
      <div className="mutirao-toolbar">
        <h2 id="escalas-title" className="section-title">
          Escalas
        </h2>
        {canManage && (
          <button type="button" className="button button-primary button-small" onClick={() => setCreating(true)}>
            Nova escala
          </button>
        )}
      </div>
      <QueryState
        query={list}
        loader={sectionSpinner}
        errorTitle="Não foi possível carregar as escalas"
        emptyTitle="Nenhuma escala"
        emptyText={canManage ? 'Organize as tarefas de toda semana, como a rega: quem fica com cada dia, e o Verde lembra a pessoa na manhã do turno.' : 'Quando a coordenação montar uma escala, ela aparece aqui.'}
      >
        {(escalas) => (
          <ul className="mutirao-list">
            {escalas.map((e) => (
              <MutiraoListItem key={e.id} badge={e.hora} to={`/grupos/${enc(groupId)}/escalas/${enc(e.id)}`} title={e.nome}>
                <p className="mutirao-meta">
                  {e.turnos.length === 0 ? 'Ninguém na escala ainda' : diasTexto(e.turnos.map((t) => t.dia))} · {horasTexto(e.duracaoMin)}
                </p>
              </MutiraoListItem>
            ))}
          </ul>
        )}
      </QueryState>
      {creating && (
        <EscalaDialog
          groupId={groupId}
          onClose={() => setCreating(false)}
          onDone={(e) => navigate(`/grupos/${enc(groupId)}/escalas/${enc(e.id)}`, { state: { aviso: 'Escala criada.' } })}
        />
      )}
    </section>
  );
}

/** Asking someone else to take one of my days. */
function SwapForm({ groupId, e, data, onDone }: { groupId: string; e: EscalaDetail; data: string; onDone: (msg: string) => void }) {
  const members = useGroupMembers(groupId);
  const { user } = useAuth();
  const ask = useAskSwap(groupId, e.id);
  const [para, setPara] = useState('');
  return (
    <div className="presence-controls">
      <label>
        Pedir para
        <select value={para} onChange={(ev) => setPara(ev.target.value)} aria-label={`Quem assume ${diaTexto(data)}`}>
          <option value="">Escolha alguém</option>
          {(members.data ?? [])
            .filter((m) => m.userId !== user?.id)
            .map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.nome}
              </option>
            ))}
        </select>
      </label>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={!para || ask.isPending}
        onClick={() => ask.mutate({ data, paraUserId: para }, { onSuccess: (t) => onDone(`Pedido enviado a ${t.paraNome}.`) })}
      >
        Pedir troca
      </button>
      <FailureAlert result={ask} fallback="Não foi possível pedir a troca." inline />
    </div>
  );
}

/** An escala's page: the rota, then each day of the window with who is on duty, swaps and turns done. */
export function EscalaView({ groupId, e }: { groupId: string; e: EscalaDetail }) {
  const { user } = useAuth();
  const me = user?.id ?? '';
  const answer = useAnswerSwap(groupId, e.id);
  const done = useMarkDone(groupId, e.id);
  const del = useDeleteEscala(groupId, e.id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [swapDay, setSwapDay] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const error = answer.error ?? done.error;

  return (
    <>
      <Notice message={notice} />
      <div className="card">
        <dl className="mutirao-facts">
          <Fact label="Horário">
            {e.hora} · {horasTexto(e.duracaoMin)}
          </Fact>
          {e.descricao && (
            <Fact label="Como fazer" className="pre-line">{e.descricao}</Fact>
          )}
        </dl>
        <ul className="people-list" aria-label="Escala da semana">
          {diasSemana.map((nome, d) => {
            const quem = e.turnos.filter((t) => t.dia === d);
            return (
              <li key={nome}>
                <span>{nome}</span>
                <span className={quem.length ? '' : 'muted'}>{quem.length ? quem.map((t) => t.nome).join(' e ') : '—'}</span>
              </li>
            );
          })}
        </ul>
        {e.podeCoordenar && (
          <p className="button-row">
            <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
              Editar escala
            </button>
            <button type="button" className="button button-danger-outline button-small" onClick={() => setDeleting(true)}>
              Excluir
            </button>
          </p>
        )}
      </div>

      <section className="mutirao-section" aria-labelledby="dias-title">
        <h2 id="dias-title">Próximos turnos e última semana</h2>
        <p className="form-error" role="alert">
          {error ? errorMessage(error, 'Não foi possível concluir.') : null}
        </p>
        {e.dias.length === 0 ? (
          <p className="muted">Ninguém na escala: a coordenação escolhe quem fica com cada dia.</p>
        ) : (
          <ul className="tarefa-list">
            {e.dias.map((d) => {
              const mine = d.turnos.some((t) => t.userId === me);
              const pedido = d.trocas.find((t) => !t.aceita);
              const feito = d.feitos.some((f) => f.userId === me);
              return (
                <li key={d.data} className={`tarefa${mine ? ' tarefa-mine' : ''}`}>
                  <div>
                    <h3>
                      {diaTexto(d.data)}
                      {d.hoje && ' (hoje)'}
                    </h3>
                    <p className="mutirao-meta">
                      {d.turnos.map((t) => t.nome).join(' e ')}
                      {d.trocas
                        .filter((t) => t.aceita)
                        .map((t) => ` · troca: ${t.paraNome} no lugar de ${t.deNome}`)
                        .join('')}
                      {pedido && ` · ${pedido.deNome} pediu troca a ${pedido.paraNome}`}
                      {d.feitos.length > 0 && ` · feito por ${d.feitos.map((f) => f.nome).join(' e ')}`}
                    </p>
                    {swapDay === d.data && <SwapForm groupId={groupId} e={e} data={d.data} onDone={(m) => { setSwapDay(null); setNotice(m); }} />}
                  </div>
                  <div className="button-row">
                    {pedido && pedido.para === me && (
                      <>
                        <button type="button" className="button button-primary button-small" disabled={answer.isPending} onClick={() => answer.mutate({ data: d.data, aceitar: true }, { onSuccess: () => setNotice('Troca aceita: o turno é seu.') })}>
                          Aceitar troca
                        </button>
                        <button type="button" className="button button-secondary button-small" disabled={answer.isPending} onClick={() => answer.mutate({ data: d.data, aceitar: false }, { onSuccess: () => setNotice('Troca recusada.') })}>
                          Recusar
                        </button>
                      </>
                    )}
                    {pedido && pedido.de === me && (
                      <button type="button" className="button button-secondary button-small" disabled={answer.isPending} onClick={() => answer.mutate({ data: d.data, aceitar: false }, { onSuccess: () => setNotice('Pedido de troca retirado.') })}>
                        Retirar pedido
                      </button>
                    )}
                    {mine && !d.passado && !pedido && e.podeTrocar && swapDay !== d.data && (
                      <button type="button" className="button button-secondary button-small" onClick={() => setSwapDay(d.data)}>
                        Pedir troca
                      </button>
                    )}
                    {mine && (d.passado || d.hoje) && !feito && (
                      <button type="button" className="button button-primary button-small" disabled={done.isPending} onClick={() => done.mutate(d.data, { onSuccess: (f) => setNotice(`Turno de ${diaTexto(f.data)} marcado como feito: ${horasTexto(f.minutos)}.`) })}>
                        Marcar como feito
                      </button>
                    )}
                    {feito && <span className="tag">feito</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {editing && <EscalaDialog groupId={groupId} escala={e} onClose={() => setEditing(false)} onDone={() => { setEditing(false); setNotice('Escala salva.'); }} />}
      {deleting && (
        <ConfirmDialog title="Excluir esta escala?" confirmLabel="Excluir escala" busyLabel="Excluindo..." mutation={del} errorFallback="Não foi possível excluir." danger
          onCancel={() => setDeleting(false)}
          onConfirm={() => del.mutate(undefined, { onSuccess: () => navigate(`/grupos/${enc(groupId)}?aba=escalas`, { state: { aviso: 'Escala excluída.' } }) })}
        >
          <p>Os turnos já feitos continuam contando no relatório.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
