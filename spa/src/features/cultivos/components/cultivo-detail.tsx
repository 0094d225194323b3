import { PhotoStrip } from '@/components/ui/photo-strip';
import { Fact } from '@/components/ui/fact';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatDateTime, todayBrasilia } from '@/lib/format';
import { isQueued } from '@/lib/offline/queued';
import { useVegetal } from '@/features/cultivos/api/catalog';
import { useArchiveCultivo, useChangeFase, useColheitas, useDeleteDiario, useDiario } from '@/features/cultivos/api/cultivos';
import { useAuth } from '@/lib/auth/auth-context';
import { ColheitaItem } from '@/features/cultivos/components/colheita-item';
import { FaseTag } from '@/features/cultivos/components/cultivo-card';
import { DiaryForm } from '@/features/cultivos/components/diary-form';
import { EditCultivoDialog } from '@/features/cultivos/components/edit-cultivo-dialog';
import { ColheitaDialog } from '@/features/cultivos/components/colheita-dialog';
import { LostDialog } from '@/features/cultivos/components/lost-dialog';
import { VegetalGuides } from '@/features/cultivos/components/vegetal-guides';
import { colheitaDays, VegetalCare } from '@/features/cultivos/components/vegetal-care';
import {
  countdown,
  faseLabel,
  faseOrderOf,
  formatQuantidade,
  isOpen,
  nextFase,
  previousFase,
  tipoDiarioLabel,
  unidadePlantioLabel,
} from '@/features/cultivos/labels';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

// What this cultivo has waiting in the offline queue: with the queue's code, which the page's own
// chunk does not carry.
const QueueList = lazy(() => import('@/components/ui/queue-list').then((m) => ({ default: m.QueueList })));

/** What a create made offline says: lib/offline/queue.ts sends it when the connection returns. */
export const queuedMessage = 'Sem conexão: o registro ficou na fila e será enviado assim que a conexão voltar.';

/**
 * One cultivo: where it stands (phases, countdown, totals), what the caller may do with it, its
 * diary and harvests, and what the catalogue says of the vegetable. `canCoordinate` (the group's
 * coordinators and dono) adds "Marcar como perdido" and "Arquivar" for a cultivo they do not write.
 */
export function CultivoDetail({
  cultivo: c,
  canCoordinate,
  onMessage,
  onQueueEmpty,
}: {
  cultivo: Cultivo;
  canCoordinate: boolean;
  onMessage: (m: string) => void;
  /** Nothing of this cultivo waits in the offline queue any more (sent, here or in another tab). */
  onQueueEmpty?: () => void;
}) {
  const [dialog, setDialog] = useState<'colheita' | 'lost' | 'archive' | 'edit' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const removeEntry = useDeleteDiario(c.id);
  const meId = useAuth().userData?.id;
  const change = useChangeFase(c.id);
  const archive = useArchiveCultivo(c.id);
  const diario = useDiario(c.id);
  const colheitas = useColheitas(c.id);
  const vegetal = useVegetal(c.vegetalId);
  const write = c.pode.escrever;
  const path = faseOrderOf(c);
  const next = isOpen(c.fase) ? nextFase(c.fase, path) : null;
  const back = c.fase === 'perdido' ? (c.faseAnterior ?? null) : previousFase(c.fase, path);
  const canLose = !c.arquivado && isOpen(c.fase) && (write || canCoordinate);
  const canArchive = c.pode.arquivar || canCoordinate;
  const busy = change.isPending || archive.isPending;
  const stepIndex = path.indexOf(c.fase === 'perdido' ? (c.faseAnterior ?? 'planejado') : c.fase);

  function move(fase: Cultivo['fase'], label: string) {
    change.mutate({ fase }, { onSuccess: () => onMessage(label) });
  }

  return (
    <div className="page-grid">
      <section className="card" aria-labelledby="cultivo-estado">
        <h2 id="cultivo-estado">Situação</h2>
        <ol className="fase-steps" aria-label="Fases do cultivo">
          {path.map((f, i) => (
            <li key={f} data-state={i < stepIndex ? 'done' : undefined} aria-current={f === c.fase ? 'step' : undefined}>
              {faseLabel[f]}
            </li>
          ))}
        </ol>
        <FaseTag fase={c.fase} />
        {c.fase === 'perdido' && <p>Motivo: {c.motivoPerda}</p>}
        <p className="countdown" data-atrasado={c.janela.atrasado}>
          {countdown(c)}
        </p>
        <p className="cultivo-meta">
          Plantio em {formatDate(c.dataPlantio + 'T12:00:00Z')}
          {c.janela.inicio && ` · janela de colheita de ${formatDate(c.janela.inicio + 'T12:00:00Z')} a ${formatDate(c.janela.fim + 'T12:00:00Z')}`}
        </p>
        <p className="cultivo-meta">
          {formatQuantidade(c.quantidade)} {unidadePlantioLabel[c.unidade]} · plantio por {c.metodo === 'muda' ? 'muda' : 'semente'} ·{' '}
          {c.grupoId ? c.grupoNome : 'Horta pessoal'}
          {c.loteCodigo ? ` · Lote ${c.loteCodigo}` : ''}
        </p>
        <p className="cultivo-meta">
          Responsável: {c.responsavelNome}
          {c.colaboradores.length > 0 && ` · Colaboradores: ${c.colaboradores.map((x) => x.nome).join(', ')}`}
        </p>
        {c.notas && <p>{c.notas}</p>}
        {c.arquivado && <p className="warning">Este cultivo está arquivado.</p>}
        {(write || canLose || canArchive) && (
          <div className="cultivo-actions">
            {write && next && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => move(next, `Fase: ${faseLabel[next]}`)}>
                {change.isPending && <Spinner size="sm" />}
                {`Avançar para ${faseLabel[next]}`}
              </button>
            )}
            {write && c.fase !== 'planejado' && c.fase !== 'perdido' && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => setDialog('colheita')}>
                Registrar colheita
              </button>
            )}
            {(write || (canCoordinate && c.fase === 'perdido')) && back && !c.arquivado && (
              <button type="button" className="button button-secondary" disabled={busy} onClick={() => move(back, `Fase: ${faseLabel[back]}`)}>
                {c.fase === 'perdido' ? 'Desfazer perda' : `Voltar para ${faseLabel[back]}`}
              </button>
            )}
            {write && !c.arquivado && (
              <button type="button" className="button button-secondary" disabled={busy} onClick={() => setDialog('edit')}>
                Editar
              </button>
            )}
            {canLose && (
              <button type="button" className="button button-danger-outline" disabled={busy} onClick={() => setDialog('lost')}>
                Marcar como perdido
              </button>
            )}
            {canArchive && (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => (c.arquivado ? archive.mutate(false, { onSuccess: () => onMessage('Cultivo restaurado.') }) : setDialog('archive'))}
              >
                {c.arquivado ? 'Restaurar' : 'Arquivar'}
              </button>
            )}
          </div>
        )}
        <p className="form-error" role="alert">
          {change.isError ? errorMessage(change.error) : archive.isError ? errorMessage(archive.error) : null}
        </p>
      </section>

      <section className="card" aria-labelledby="cultivo-colheitas">
        <h2 id="cultivo-colheitas">Colheitas</h2>
        <dl className="totals">
          <Fact label="Colheitas">{c.totais.colheitas}</Fact>
          <Fact label="Total">{formatQuantidade(c.totais.kg)} kg</Fact>
          {c.totais.unidades > 0 && (
            <Fact label="Unidades">{formatQuantidade(c.totais.unidades)}</Fact>
          )}
          {c.totais.macos > 0 && (
            <Fact label="Maços">{formatQuantidade(c.totais.macos)}</Fact>
          )}
          {c.totais.doadoKg > 0 && (
            <Fact label="Doado">{formatQuantidade(c.totais.doadoKg)} kg</Fact>
          )}
        </dl>
        <Listing query={colheitas} empty="Nenhuma colheita registrada ainda.">
          {(colheitas.data ?? []).map((h) => (
            <ColheitaItem key={h.id} h={h} cultivo={c} meId={meId} onMessage={onMessage} />
          ))}
        </Listing>
      </section>

      <section className="card" aria-labelledby="cultivo-diario">
        <h2 id="cultivo-diario">Diário</h2>
        {write && (
          <DiaryForm
            cultivoId={c.id}
            dataPlantio={c.dataPlantio}
            vegetalNome={c.vegetalNome}
            onDone={(p) => onMessage(p === null ? queuedMessage : p > 0 ? `Entrada adicionada ao diário (+${p} pontos).` : 'Entrada adicionada ao diário.')}
          />
        )}
        <Suspense fallback={null}>
          <QueueList cultivoId={c.id} title="Na fila, aguardando conexão" onEmpty={onQueueEmpty} />
        </Suspense>
        <Listing query={diario} empty="Nenhuma entrada no diário ainda.">
          {(diario.data ?? []).map((e) => (
            <li key={e.id}>
              <p className="diary-head">
                {tipoDiarioLabel[e.tipo] ?? e.tipo} · {e.data === todayBrasilia(new Date(e.criadoEm)) ? formatDateTime(e.criadoEm) : formatDate(e.data + 'T12:00:00Z')} ·{' '}
                {e.autorNome}
                {e.pontos > 0 ? ` · +${e.pontos} pontos` : ''}
              </p>
              {e.texto && <p>{e.texto}</p>}
              <PhotoStrip keys={e.fotos} alt={e.texto ? `Foto do diário: ${e.texto.slice(0, 80)}` : `Foto do diário de ${c.vegetalNome}`} />
              {e.autorId === meId && e.tipo !== 'fase' && e.tipo !== 'colheita' && (
                <button type="button" className="button button-secondary diary-remove" onClick={() => setRemoving(e.id)}>
                  Apagar registro
                </button>
              )}
            </li>
          ))}
        </Listing>
      </section>

      <section className="card" aria-labelledby="cultivo-guia">
        <h2 id="cultivo-guia">Sobre {c.vegetalNome}</h2>
        {vegetal.isPending && <SectionLoader />}
        {vegetal.isError && <ErrorState title="Não foi possível carregar o catálogo" error={vegetal.error} onRetry={() => void vegetal.refetch()} />}
        {vegetal.data && (
          <>
            <p>{colheitaDays(vegetal.data)}</p>
            <VegetalCare vegetal={vegetal.data} />
            <p className="cultivo-meta">
              <Link to={`/hortalicas/${encodeURIComponent(c.vegetalId)}`}>Calendário por região e mais sobre {c.vegetalNome}</Link>
            </p>
          </>
        )}
        <VegetalGuides vegetalId={c.vegetalId} />
      </section>

      {dialog === 'colheita' && (
        <ColheitaDialog
          cultivo={c}
          onClose={() => setDialog(null)}
          onDone={(r) => {
            setDialog(null);
            onMessage(
              isQueued(r)
                ? queuedMessage
                : r.colheita.status === 'a-confirmar'
                  ? `Colheita registrada. ${r.colheita.duvida ?? ''}`.trim()
                  : r.pontos > 0
                    ? `Colheita registrada (+${r.pontos} pontos).`
                    : 'Colheita registrada.',
            );
          }}
        />
      )}
      {removing && (
        <ConfirmDialog title="Apagar registro do diário" confirmLabel="Apagar" busyLabel="Apagando..." danger mutation={removeEntry}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            removeEntry.mutate(removing, {
              onSuccess: () => {
                setRemoving(null);
                onMessage('Registro apagado. Os pontos que ele deu foram devolvidos.');
              },
            })
          }
        >
          <p>O registro sai do diário e os pontos que ele deu são devolvidos. Uma conquista já desbloqueada continua sua.</p>
        </ConfirmDialog>
      )}
      {dialog === 'edit' && (
        <EditCultivoDialog
          cultivo={c}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            onMessage('Cultivo atualizado.');
          }}
        />
      )}
      {dialog === 'lost' && (
        <LostDialog
          cultivo={c}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onMessage('Cultivo marcado como perdido.');
          }}
        />
      )}
      {dialog === 'archive' && (
        <ConfirmDialog title="Arquivar cultivo" confirmLabel="Arquivar" busyLabel="Arquivando..." mutation={archive}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            archive.mutate(true, {
              onSuccess: () => {
                setDialog(null);
                onMessage('Cultivo arquivado.');
              },
            })
          }
        >
          <p>O cultivo sai das listas de ativos e não recebe mais entradas. Você pode restaurá-lo depois.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: unknown[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

function Listing({ query, empty, children }: { query: ListQuery; empty: string; children: ReactNode }) {
  if (query.isPending) return <SectionLoader />;
  if (query.isError) return <ErrorState title="Não foi possível carregar" error={query.error} onRetry={() => void query.refetch()} />;
  if ((query.data ?? []).length === 0) return <p className="cultivo-meta">{empty}</p>;
  return (
    <>
      <ul className="diary-list">{children}</ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}
