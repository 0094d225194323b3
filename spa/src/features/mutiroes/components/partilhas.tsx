import { useState, type FormEvent } from 'react';
import { Fact } from '@/components/ui/fact';
import { useNavigate } from 'react-router-dom';
import { InputField, TextAreaField } from '@/components/ui/fields';
import { Notice } from '@/components/ui/flash';
import { LoadMore, QueryState } from '@/components/ui/query-states';
import { SubmitButton } from '@/components/ui/submit-button';
import { enc } from '@/lib/api-path';
import { errorMessage, serverErrors } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { MutiraoListItem, sectionSpinner } from '@/features/mutiroes/components/list-item';
import { useClosePartilha, useCreatePartilha, useDeliver, useGiveBack, usePartilhas, useReserve } from '@/features/mutiroes/api/shared-work';
import type { PartilhaDetail } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

const unidades: Record<string, string> = { kg: 'kg', g: 'g', unidades: 'unidades', macos: 'maços' };
export const quantidade = (q: number, unidade: string) => `${formatNumber(q, 3)} ${unidades[unidade] ?? unidade}`;

/** The group's "Partilha" tab: "quem quer?" offers of harvests, newest first. */
export function PartilhasTab({ groupId }: { groupId: string }) {
  const list = usePartilhas(groupId);
  return (
    <section aria-labelledby="partilha-title">
      <div className="mutirao-toolbar">
        <h2 id="partilha-title" className="section-title">
          Partilha da colheita
        </h2>
      </div>
      <p className="muted">Para partilhar, abra uma colheita sua marcada como compartilhada ou doada e toque em “Partilhar”.</p>
      <QueryState query={list} loader={sectionSpinner} errorTitle="Não foi possível carregar a partilha" emptyTitle="Nada para partilhar ainda" emptyText="Quando alguém do grupo tiver colheita sobrando, ela aparece aqui para você reservar uma parte.">
        {(partilhas) => (
          <>
            <ul className="mutirao-list">
              {partilhas.map((p) => (
                <MutiraoListItem
                  key={p.id}
                  badge={p.destino === 'doado' ? 'Doação' : 'Troca'}
                  to={`/grupos/${enc(groupId)}/partilhas/${enc(p.id)}`}
                  title={`Quem quer ${p.vegetal}?`}
                >
                  <p className="mutirao-meta">
                    {p.autorNome} · {p.status === 'encerrada' ? 'encerrada' : `restam ${quantidade(p.restante, p.unidade)} de ${quantidade(p.quantidade, p.unidade)}`}
                  </p>
                </MutiraoListItem>
              ))}
            </ul>
            <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** An offer's page: reserve a part (or give it back); the giver marks deliveries and closes it. */
export function PartilhaView({ groupId, p }: { groupId: string; p: PartilhaDetail }) {
  const reserve = useReserve(groupId, p.id);
  const giveBack = useGiveBack(groupId, p.id);
  const deliver = useDeliver(groupId, p.id);
  const close = useClosePartilha(groupId, p.id);
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const open = p.status === 'aberta';
  const error = reserve.error ?? giveBack.error ?? deliver.error ?? close.error;

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(q.replace(',', '.'));
    if (!(n > 0) || reserve.isPending) return;
    reserve.mutate(n, { onSuccess: (r) => setNotice(`Você reservou ${quantidade(r.quantidade, p.unidade)}. Combine a entrega com ${p.autorNome}.`) });
  }

  return (
    <>
      <Notice message={notice} />
      {!open && <p className="status-line status-line-warn">Esta partilha foi encerrada.</p>}
      <div className="card">
        <dl className="mutirao-facts">
          <Fact label="De">{p.autorNome}</Fact>
          <Fact label="Quantidade">
            restam {quantidade(p.restante, p.unidade)} de {quantidade(p.quantidade, p.unidade)}
          </Fact>
          <Fact label="Destino">{p.destino === 'doado' ? 'Doação' : 'Compartilhado'}</Fact>
        </dl>
        {p.descricao && <p className="pre-line">{p.descricao}</p>}
        <p className="form-error" role="alert">
          {error ? errorMessage(error, 'Não foi possível concluir.') : null}
        </p>
        {p.minha ? (
          <p className="status-line">
            Sua parte: {quantidade(p.minha.quantidade, p.unidade)} ({p.minha.status === 'entregue' ? 'entregue' : 'reservada'}).{' '}
            {p.minha.status === 'reservada' && (
              <button type="button" className="link-button" disabled={giveBack.isPending} onClick={() => giveBack.mutate(undefined, { onSuccess: () => setNotice('Você devolveu a sua parte.') })}>
                Devolver minha parte
              </button>
            )}
          </p>
        ) : (
          open &&
          !p.souDoador && (
            <form className="presence-controls" onSubmit={submit} noValidate>
              <InputField label={`Quanto você quer (${unidades[p.unidade] ?? p.unidade})`} name="quantidade" inputMode="decimal" value={q} onChange={(e) => setQ(e.target.value)} />
              <SubmitButton busy={reserve.isPending} busyLabel="Reservando..." className="button button-primary button-small" disabled={!(Number(q.replace(',', '.')) > 0)}>
                Eu quero
              </SubmitButton>
            </form>
          )
        )}
      </div>
      {(p.souDoador || p.reservasLista.length > 0) && (
        <section className="mutirao-section" aria-labelledby="reservas-title">
          <h2 id="reservas-title">Reservas</h2>
          {p.reservasLista.length === 0 ? (
            <p className="muted">Ninguém reservou ainda.</p>
          ) : (
            <ul className="people-list">
              {p.reservasLista.map((r) => (
                <li key={r.userId}>
                  <span>
                    {r.nome}: {quantidade(r.quantidade, p.unidade)}
                  </span>
                  {r.status === 'entregue' ? (
                    <span className="tag">entregue</span>
                  ) : p.souDoador ? (
                    <button type="button" className="button button-secondary button-small" disabled={deliver.isPending} onClick={() => deliver.mutate(r.userId, { onSuccess: () => setNotice(`Entrega para ${r.nome} registrada.`) })}>
                      Marcar entregue
                    </button>
                  ) : (
                    <span className="muted">reservada</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {p.podeEncerrar && open && (
        <p className="button-row mutirao-section">
          <button type="button" className="button button-secondary button-small" disabled={close.isPending} onClick={() => close.mutate(undefined, { onSuccess: () => setNotice('Partilha encerrada.') })}>
            Encerrar partilha
          </button>
        </p>
      )}
    </>
  );
}

/** "Partilhar": offering part of a harvest (opened from the harvest, with its ids in the address). */
export function NovaPartilhaForm({ groupId, cultivoId, colheitaId, max, unidade, vegetal }: { groupId: string; cultivoId: string; colheitaId: string; max: number; unidade: string; vegetal: string }) {
  const create = useCreatePartilha(groupId);
  const navigate = useNavigate();
  const [q, setQ] = useState(max > 0 ? String(max).replace('.', ',') : '');
  const [descricao, setDescricao] = useState('');
  const server = serverErrors(create.error, ['quantidade', 'descricao', 'colheitaId']);
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(q.replace(',', '.'));
    if (!(n > 0) || create.isPending) return;
    create.mutate(
      { cultivoId, colheitaId, quantidade: n, descricao: descricao.trim() },
      { onSuccess: (p) => navigate(`/grupos/${enc(groupId)}/partilhas/${enc(p.id)}`, { state: { aviso: 'Partilha publicada: o grupo já pode reservar.' } }) },
    );
  }
  return (
    <form className="card" onSubmit={submit} noValidate>
      <p>Quem quer {vegetal || 'a sua colheita'}? Diga quanto você oferece; cada pessoa reserva uma parte e você marca a entrega.</p>
      <InputField label={`Quantidade (${unidades[unidade] ?? unidade})`} name="quantidade" inputMode="decimal" value={q} onChange={(e) => setQ(e.target.value)} error={server.fields.quantidade ?? server.fields.colheitaId} />
      <TextAreaField label="Recado (opcional)" name="descricao" rows={2} placeholder="Onde e quando buscar" value={descricao} onChange={(e) => setDescricao(e.target.value)} error={server.fields.descricao} />
      <p className="form-error" role="alert">
        {server.form}
      </p>
      <SubmitButton busy={create.isPending} busyLabel="Publicando...">
        Publicar “quem quer?”
      </SubmitButton>
    </form>
  );
}
