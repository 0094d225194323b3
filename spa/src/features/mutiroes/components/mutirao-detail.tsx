import { useState, type FormEvent } from 'react';
import { Fact } from '@/components/ui/fact';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/flash';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/errors';
import { plural, todayBrasilia } from '@/lib/format';
import {
  downloadMutiraoICS,
  useCancelMutirao,
  useCheckin,
  useLeave,
  usePresence,
  useSignUp,
} from '@/features/mutiroes/api/mutiroes';
import { dataBrasilia, diaMutirao, horarioMutirao, horasTexto, mutiraoShareText, vagasTexto } from '@/features/mutiroes/labels';
import { ShareActions } from '@/components/ui/share-actions';
import type { Inscricao, MutiraoDetail } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

/** What the caller's sign-up is, in a sentence. */
function myStatus(m: MutiraoDetail): { text: string; tone: '' | 'warn' } | null {
  const mine = m.minha;
  if (!mine) return null;
  const tarefa = m.tarefas.find((t) => t.id === mine.tarefaId)?.titulo ?? '';
  if (mine.status === 'espera') {
    return { text: `Você está na lista de espera de ${tarefa}: ${mine.posicao}º da fila. Se alguém desistir, a vaga é sua e avisamos você.`, tone: 'warn' };
  }
  if (mine.presente) return { text: `Presença confirmada em ${tarefa}: ${horasTexto(mine.minutos)} de trabalho voluntário. Obrigado!`, tone: '' };
  if (mine.checkinEm) return { text: `Você registrou presença em ${tarefa}. A coordenação confirma as horas.`, tone: '' };
  return { text: `Você está confirmado em ${tarefa}.`, tone: '' };
}

function CheckinForm({ groupId, m }: { groupId: string; m: MutiraoDetail }) {
  const [codigo, setCodigo] = useState('');
  const checkin = useCheckin(groupId, m.id);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!checkin.isPending) checkin.mutate(codigo.trim());
  }
  return (
    <form className="card mutirao-section" onSubmit={submit} noValidate>
      <h2>Cheguei!</h2>
      <p className="muted">Digite o código que a coordenação mostra no local para registrar sua presença.</p>
      <div className="presence-controls">
        <label>
          Código de presença
          <input
            name="codigo"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={codigo}
            onChange={(e) => setCodigo(e.target.value.replace(/\D/g, ''))}
            className="checkin-input"
            aria-invalid={checkin.isError || undefined}
          />
        </label>
        <SubmitButton busy={checkin.isPending} busyLabel="Registrando..." className="button button-primary button-small">
          Registrar presença
        </SubmitButton>
      </div>
      <p className="form-error" role="alert">
        {checkin.isError ? errorMessage(checkin.error, 'Não foi possível registrar a presença.') : null}
      </p>
    </form>
  );
}

function PresenceRow({ groupId, m, ins, tarefa }: { groupId: string; m: MutiraoDetail; ins: Inscricao; tarefa: string }) {
  const [presente, setPresente] = useState(ins.presente || !!ins.checkinEm);
  const [horas, setHoras] = useState(String((ins.presente ? ins.minutos : m.duracaoMin) / 60));
  const presence = usePresence(groupId, m.id);
  const [saved, setSaved] = useState<string | null>(null);
  const minutos = Math.round(Number(horas.replace(',', '.')) * 60);
  const invalid = presente && !(minutos >= 1 && minutos <= 1440);
  function save() {
    if (invalid || presence.isPending) return;
    setSaved(null);
    presence.mutate(
      { userId: ins.userId, presente, minutos: presente ? minutos : undefined },
      { onSuccess: () => setSaved(presente ? `Presença de ${ins.nome} salva: ${horasTexto(minutos)}.` : `${ins.nome} marcado como ausente.`) },
    );
  }
  const id = `presenca-${ins.userId}`;
  return (
    <li className="presence-row">
      <div>
        <strong>{ins.nome}</strong> <span className="muted">· {tarefa}</span>
        {ins.checkinEm && <span className="tag">fez check-in</span>}
        {ins.presente && <span className="tag">presente: {horasTexto(ins.minutos)}</span>}
      </div>
      <div className="presence-controls">
        <label>
          <input type="checkbox" checked={presente} onChange={(e) => setPresente(e.target.checked)} aria-describedby={`${id}-erro`} />
          Esteve presente
        </label>
        <label>
          Horas
          <input
            type="number"
            inputMode="decimal"
            step="0.5"
            min="0.5"
            max="24"
            value={horas}
            disabled={!presente}
            onChange={(e) => setHoras(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-label={`Horas de ${ins.nome}`}
          />
        </label>
        <button type="button" className="button button-secondary button-small" onClick={save} disabled={presence.isPending || invalid} aria-busy={presence.isPending || undefined}>
          Salvar
        </button>
      </div>
      <p className="field-error" id={`${id}-erro`} role="alert">
        {invalid ? 'Informe de meia hora a 24 horas' : presence.isError ? errorMessage(presence.error, 'Não foi possível salvar a presença.') : null}
      </p>
      <Notice message={saved} />
    </li>
  );
}

/** A mutirão's page: what, when and where; the tarefas with their vagas to sign up for; the
 * caller's place; on the day, the check-in; for coordinators, the code and the presence list. */
export function MutiraoDetailView({ groupId, m }: { groupId: string; m: MutiraoDetail }) {
  const signUp = useSignUp(groupId, m.id);
  const leave = useLeave(groupId, m.id);
  const cancel = useCancelMutirao(groupId, m.id);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [icsError, setIcsError] = useState<string | null>(null);
  // The page's clock, read once when it opens (a page left open is reloaded by any action).
  const [now] = useState(() => Date.now());
  const started = new Date(m.inicio).getTime() <= now;
  const ended = new Date(m.inicio).getTime() + m.duracaoMin * 60_000 <= now;
  const today = todayBrasilia(new Date(now));
  const isToday = dataBrasilia(m.inicio) === today;
  const onOrAfterDay = dataBrasilia(m.inicio) <= today;
  const cancelled = m.status === 'cancelado';
  const open = !cancelled && !started;
  const status = myStatus(m);
  const busy = signUp.isPending || leave.isPending;
  const actionError = signUp.error ?? leave.error;
  const nomeTarefa = (id: string) => m.tarefas.find((t) => t.id === id)?.titulo ?? '';
  const confirmed = m.inscricoes.filter((i) => i.status === 'confirmado');
  const waiting = m.inscricoes.filter((i) => i.status === 'espera');

  function join(tarefaId: string, titulo: string) {
    setNotice(null);
    signUp.mutate(tarefaId, {
      onSuccess: (r) =>
        setNotice(
          r.inscricao.status === 'espera'
            ? `As vagas de ${titulo} acabaram: você entrou na lista de espera (${r.inscricao.posicao}º).`
            : `Inscrição confirmada em ${titulo}.`,
        ),
    });
  }

  async function ics() {
    setIcsError(null);
    try {
      await downloadMutiraoICS(groupId, m);
    } catch (err) {
      setIcsError(errorMessage(err, 'Não foi possível baixar o arquivo.'));
    }
  }

  return (
    <>
      {cancelled && <p className="status-line status-line-cancelled">Este mutirão foi cancelado.</p>}
      {status && !cancelled && <p className={`status-line${status.tone ? ` status-line-${status.tone}` : ''}`}>{status.text}</p>}
      <Notice message={notice} />
      <div className="card">
        <dl className="mutirao-facts">
          <Fact label="Quando">
            {diaMutirao(m.inicio)}, {horarioMutirao(m.inicio, m.duracaoMin)}
          </Fact>
          <Fact label="Onde">{m.local}</Fact>
          <Fact label="Vagas">{vagasTexto(m.inscritos, m.vagas, m.espera)}</Fact>
          <Fact label="Coordena">{m.criadoPorNome}</Fact>
        </dl>
        {m.descricao && <p className="pre-line">{m.descricao}</p>}
        <p className="button-row report-no-print">
          <button type="button" className="button button-secondary button-small" onClick={() => void ics()}>
            Adicionar ao calendário (.ics)
          </button>
          {m.minha && open && (
            <button type="button" className="button button-secondary button-small" onClick={() => leave.mutate(undefined, { onSuccess: () => setNotice('Você saiu do mutirão.') })} disabled={busy}>
              {m.minha.status === 'espera' ? 'Sair da lista de espera' : 'Desistir da vaga'}
            </button>
          )}
        </p>
        {open && (
          <p className="report-no-print">
            <ShareActions
              url={`${window.location.origin}/grupos/${encodeURIComponent(groupId)}/mutiroes/${encodeURIComponent(m.id)}`}
              title={`Mutirão: ${m.titulo}`}
              text={mutiraoShareText(m)}
            />
          </p>
        )}
        <p className="form-error" role="alert">
          {icsError ?? (actionError ? errorMessage(actionError, 'Não foi possível concluir.') : null)}
        </p>
      </div>

      <section className="mutirao-section" aria-labelledby="tarefas-title">
        <h2 id="tarefas-title">Tarefas</h2>
        <ul className="tarefa-list">
          {m.tarefas.map((t) => {
            const mine = m.minha?.tarefaId === t.id;
            const full = t.inscritos >= t.vagas;
            return (
              <li key={t.id} className={`tarefa${mine ? ' tarefa-mine' : ''}`}>
                <div>
                  <h3>{t.titulo}</h3>
                  <p className="mutirao-meta">{vagasTexto(t.inscritos, t.vagas, t.espera)}</p>
                  <div className="vagas-bar" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, (t.inscritos / t.vagas) * 100)}%` }} />
                  </div>
                </div>
                {m.podeInscrever && open && !m.minha && (
                  <button
                    type="button"
                    className={`button button-small ${full ? 'button-secondary' : 'button-primary'}`}
                    onClick={() => join(t.id, t.titulo)}
                    disabled={busy}
                    aria-label={`${full ? 'Entrar na lista de espera de' : 'Quero ajudar em'} ${t.titulo}`}
                  >
                    {full ? 'Entrar na lista de espera' : 'Quero ajudar'}
                  </button>
                )}
                {mine && <span className="tag">{m.minha?.status === 'espera' ? `espera: ${m.minha.posicao}º` : 'sua tarefa'}</span>}
              </li>
            );
          })}
        </ul>
      </section>

      {m.minha?.status === 'confirmado' && !cancelled && isToday && !m.minha.checkinEm && !m.minha.presente && <CheckinForm groupId={groupId} m={m} />}

      {m.podeCoordenar && !cancelled && (
        <section className="card mutirao-section" aria-labelledby="coordenacao-title">
          <h2 id="coordenacao-title">Coordenação</h2>
          {m.codigo && (
            <>
              <p className="muted">No dia, mostre este código para quem chegar registrar presença:</p>
              <p className="checkin-code" aria-label={`Código de presença ${m.codigo.split('').join(' ')}`}>
                {m.codigo}
              </p>
            </>
          )}
          <h3>Presença e horas</h3>
          {!onOrAfterDay ? (
            <p className="muted">A presença é registrada a partir do dia do mutirão.</p>
          ) : confirmed.length === 0 ? (
            <p className="muted">Ninguém com vaga confirmada.</p>
          ) : (
            <ul className="people-list">
              {confirmed.map((ins) => (
                <PresenceRow key={ins.userId} groupId={groupId} m={m} ins={ins} tarefa={nomeTarefa(ins.tarefaId)} />
              ))}
            </ul>
          )}
          {!ended && (
            <p className="button-row">
              <button type="button" className="button button-danger-outline button-small" onClick={() => setConfirmCancel(true)}>
                Cancelar mutirão
              </button>
            </p>
          )}
        </section>
      )}

      <section className="mutirao-section" aria-labelledby="pessoas-title">
        <h2 id="pessoas-title">Quem vai ({plural(confirmed.length, 'pessoa', 'pessoas')})</h2>
        {confirmed.length === 0 ? (
          <p className="muted">Ninguém se inscreveu ainda.</p>
        ) : (
          <ul className="people-list">
            {confirmed.map((i) => (
              <li key={i.userId}>
                <span>{i.nome}</span>
                <span className="muted">{nomeTarefa(i.tarefaId)}</span>
              </li>
            ))}
          </ul>
        )}
        {waiting.length > 0 && (
          <>
            <h3>Lista de espera</h3>
            <ol className="people-list">
              {waiting.map((i) => (
                <li key={i.userId}>
                  <span>
                    {i.posicao}º {i.nome}
                  </span>
                  <span className="muted">{nomeTarefa(i.tarefaId)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>

      {confirmCancel && (
        <ConfirmDialog title="Cancelar este mutirão?" confirmLabel="Cancelar mutirão" busyLabel="Cancelando..." mutation={cancel} errorFallback="Não foi possível cancelar." danger
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => cancel.mutate(undefined, { onSuccess: () => { setConfirmCancel(false); setNotice('Mutirão cancelado. Avisamos quem estava inscrito.'); } })}
        >
          <p>Todas as pessoas inscritas e na lista de espera serão avisadas.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
