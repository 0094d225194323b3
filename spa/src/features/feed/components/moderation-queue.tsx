import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldIcon } from '@/components/ui/icons';
import { LinkedText } from '@/components/ui/linked-text';
import { PhotoStrip } from '@/components/ui/photo-strip';
import { ErrorState, FailureAlert, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/format';
import { useAuth } from '@/lib/auth/auth-context';
import { useModerate, useModerationQueue } from '@/features/feed/api/feed';
import '@/features/feed/feed.css';

const motivoNome: Record<string, string> = { spam: 'Spam', ofensivo: 'Ofensivo', perigoso: 'Perigoso', outro: 'Outro' };

/** /admin/moderacao: reported posts and comments, newest report first, with keep / remove / remove and warn. */
export function ModerationQueue() {
  const { user } = useAuth();
  const list = useModerationQueue();
  const moderate = useModerate();
  const [removing, setRemoving] = useState<{ postId: string; comentarioId: string | null; acao: 'remover' | 'remover_avisar'; autorNome: string } | null>(null);
  if (list.isPending) return <SectionLoader label="Carregando denúncias..." />;
  if (list.isError) return <ErrorState title="Não foi possível carregar a fila" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return (
      <EmptyState icon={<ShieldIcon />} title="Nenhuma denúncia pendente">
        <p>Quando alguém denunciar um post ou comentário, ele aparece aqui.</p>
      </EmptyState>
    );
  }
  return (
    <section className="feed-list" aria-label="Denúncias pendentes">
      <FailureAlert result={moderate} />
      {list.data.map((it) => {
        const own = it.autorId === user?.id;
        const keep = () => moderate.mutate({ postId: it.postId, comentarioId: it.comentarioId, acao: 'manter' });
        const remove = (acao: 'remover' | 'remover_avisar') =>
          setRemoving({ postId: it.postId, comentarioId: it.comentarioId ?? null, acao, autorNome: it.autorNome });
        return (
          <article key={`${it.postId}:${it.comentarioId ?? ''}`} className="card feed-post" aria-label={`${it.tipo === 'post' ? 'Post' : 'Comentário'} de ${it.autorNome}`}>
            <header className="feed-post-head">
              <p>
                <strong>{it.autorNome}</strong> · {it.tipo === 'post' ? 'Post' : 'Comentário'} · {it.total} {it.total === 1 ? 'denúncia' : 'denúncias'}
              </p>
              <time dateTime={it.ultimaEm}>{formatDateTime(it.ultimaEm)}</time>
            </header>
            <LinkedText className="feed-text" text={it.texto} />
            <PhotoStrip keys={it.fotos} alt={`Foto do conteúdo denunciado de ${it.autorNome}`} />
            <ul className="feed-reports" aria-label="Denúncias">
              {it.denuncias.map((d) => (
                <li key={`${d.userId}${d.em}`}>
                  <strong>{motivoNome[d.motivo] ?? d.motivo}</strong> por {d.nome || 'membro'}
                  {d.texto ? `: ${d.texto}` : ''}
                  {!d.conta && <span className="muted"> (conta nova, não conta para ocultar)</span>}
                </li>
              ))}
            </ul>
            {own ? (
              <p className="muted">Você não pode resolver denúncias sobre o seu próprio conteúdo.</p>
            ) : (
              <div className="feed-actions">
                <button type="button" className="button button-secondary" disabled={moderate.isPending} onClick={keep}>
                  Manter
                </button>
                <button type="button" className="button button-danger-outline" disabled={moderate.isPending} onClick={() => remove('remover')}>
                  Remover
                </button>
                <button type="button" className="button button-danger" disabled={moderate.isPending} onClick={() => remove('remover_avisar')}>
                  Remover e avisar
                </button>
              </div>
            )}
          </article>
        );
      })}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      {removing && (
        <ConfirmDialog
          title={removing.acao === 'remover' ? 'Remover este conteúdo?' : 'Remover e avisar o autor?'}
          confirmLabel={removing.acao === 'remover' ? 'Remover' : 'Remover e avisar'}
          busyLabel="Removendo..."
          mutation={moderate}
          danger
          onConfirm={() =>
            moderate.mutate(
              { postId: removing.postId, comentarioId: removing.comentarioId, acao: removing.acao },
              { onSuccess: () => setRemoving(null) },
            )
          }
          onCancel={() => setRemoving(null)}
        >
          <p>
            {removing.acao === 'remover'
              ? `O conteúdo de ${removing.autorNome} deixa de aparecer para todos, e o autor é avisado da remoção.`
              : `O conteúdo de ${removing.autorNome} deixa de aparecer para todos, e o autor é avisado da remoção e recebe uma advertência da moderação.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
