import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SproutIcon } from '@/components/ui/icons';
import { TextAreaField } from '@/components/ui/fields';
import { LinkedText } from '@/components/ui/linked-text';
import { PhotoStrip } from '@/components/ui/photo-strip';
import { LoadMore, SectionLoader } from '@/components/ui/query-states';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage, serverErrors } from '@/lib/errors';
import { faseLabel } from '@/lib/fase-label';
import { formatDateTime } from '@/lib/format';
import { useAuth } from '@/lib/auth/auth-context';
import { useAddComment, useComments, useDeleteComment, useDeletePost, useEditPost, useLike, useDenunciar } from '@/features/feed/api/feed';
import type { Post } from '@/types/api';
import '@/features/feed/feed.css';

const motivos = [
  { id: 'spam', label: 'Spam' },
  { id: 'ofensivo', label: 'Ofensivo' },
  { id: 'perigoso', label: 'Perigoso' },
  { id: 'outro', label: 'Outro' },
] as const;

function DenunciaForm({ postId, comentarioId, onDone }: { postId: string; comentarioId?: string; onDone: (msg: string) => void }) {
  const [motivo, setMotivo] = useState<(typeof motivos)[number]['id']>('spam');
  const [texto, setTexto] = useState('');
  const report = useDenunciar(postId, comentarioId);
  const server = serverErrors(report.error, ['motivo', 'texto']);
  function submit(e: FormEvent) {
    e.preventDefault();
    report.mutate({ motivo, ...(texto.trim() ? { texto } : {}) }, { onSuccess: () => onDone('Denúncia enviada. Obrigado por ajudar a cuidar da comunidade.') });
  }
  return (
    <form className="feed-report" onSubmit={submit} aria-label="Denunciar">
      <fieldset>
        <legend>Motivo da denúncia</legend>
        {motivos.map((m) => (
          <label key={m.id} className="feed-radio">
            <input type="radio" name={`motivo-${comentarioId ?? postId}`} value={m.id} checked={motivo === m.id} onChange={() => setMotivo(m.id)} />
            {m.label}
          </label>
        ))}
      </fieldset>
      {server.fields.motivo && <p className="field-error">{server.fields.motivo}</p>}
      <TextAreaField
        label={`Detalhes ${motivo === 'outro' ? '(obrigatório)' : '(opcional)'}`}
        rows={2}
        maxLength={500}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        error={server.fields.texto}
      />
      <p className="form-error" role="alert">
        {server.form}
      </p>
      <SubmitButton busy={report.isPending} busyLabel="Enviando...">
        Enviar denúncia
      </SubmitButton>
    </form>
  );
}

function Comments({ post, canModerate }: { post: Post; canModerate: boolean }) {
  const { user } = useAuth();
  const list = useComments(post.id, true);
  const add = useAddComment(post.id);
  const del = useDeleteComment(post.id);
  const [texto, setTexto] = useState('');
  const [denunciando, setDenunciando] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const server = serverErrors(add.error, ['texto']);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!texto.trim()) return;
    add.mutate(texto, { onSuccess: () => setTexto('') });
  }
  return (
    <div className="feed-comments">
      {list.isPending ? (
        <SectionLoader label="Carregando comentários..." />
      ) : list.isError ? (
        <p className="form-error">{errorMessage(list.error)}</p>
      ) : list.data.length === 0 ? (
        <p className="muted">Nenhum comentário ainda.</p>
      ) : (
        <ul className="feed-comment-list">
          {list.data.map((c) => (
            <li key={c.id} className="feed-comment">
              <p className="feed-comment-head">
                <strong>{c.autorNome}</strong> <time dateTime={c.criadoEm}>{formatDateTime(c.criadoEm)}</time>
                {c.oculto && <span className="tag"> Oculto até revisão</span>}
              </p>
              <LinkedText className="feed-text" text={c.texto} />
              <p className="feed-comment-actions">
                {(c.autorId === user?.id || canModerate) && (
                  <button type="button" className="link-button" onClick={() => del.mutate(c.id)} disabled={del.isPending}>
                    Excluir
                  </button>
                )}
                {c.autorId !== user?.id && (
                  <button type="button" className="link-button" onClick={() => setDenunciando(denunciando === c.id ? null : c.id)}>
                    Denunciar
                  </button>
                )}
              </p>
              {denunciando === c.id && (
                <DenunciaForm
                  postId={post.id}
                  comentarioId={c.id}
                  onDone={(m) => {
                    setDenunciando(null);
                    setNote(m);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data && <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />}
      {note && (
        <p className="flash" role="status">
          {note}
        </p>
      )}
      <form className="feed-comment-form" onSubmit={submit} aria-label="Novo comentário">
        <TextAreaField
          label="Comentar"
          rows={2}
          maxLength={500}
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          hint={`${texto.length}/500`}
          error={server.fields.texto}
        />
        <p className="form-error" role="alert">
          {server.form}
        </p>
        <SubmitButton busy={add.isPending} busyLabel="Enviando..." disabled={!texto.trim()}>
          Comentar
        </SubmitButton>
      </form>
    </div>
  );
}

/** Editing my post's text (the server allows it within 15 minutes of publishing). */
function EditForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [texto, setTexto] = useState(post.texto);
  const [local, setLocal] = useState<string | null>(null);
  const edit = useEditPost(post.id);
  const server = serverErrors(edit.error, ['texto']);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!texto.trim()) {
      setLocal('Escreva o texto do post');
      return;
    }
    setLocal(null);
    edit.mutate({ texto }, { onSuccess: onDone });
  }
  const error = local ?? server.fields.texto;
  return (
    <form className="feed-composer" onSubmit={submit} noValidate aria-label="Editar post">
      <TextAreaField
        label="Texto do post"
        rows={3}
        maxLength={2000}
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          if (local && e.target.value.trim()) setLocal(null);
        }}
        hint={`${texto.length}/2000`}
        error={error}
      />
      <p className="form-error" role="alert">
        {server.form}
      </p>
      <div className="feed-actions">
        <SubmitButton busy={edit.isPending} busyLabel="Salvando...">
          Salvar
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** One post: author, text (links clickable, never HTML), photos, cultivo card, like, comments, report, delete. */
export function PostCard({ post, canModerate = false, commentsOpen = false }: { post: Post; canModerate?: boolean; commentsOpen?: boolean }) {
  const { user, isAdmin } = useAuth();
  const like = useLike(post);
  const del = useDeletePost();
  const [open, setOpen] = useState(commentsOpen);
  const [denunciando, setDenunciando] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const mine = post.autorId === user?.id;
  const canDelete = mine || canModerate || isAdmin;
  return (
    <article className="card feed-post" aria-labelledby={`post-${post.id}`}>
      <header className="feed-post-head">
        <p id={`post-${post.id}`}>
          <strong>{post.autorNome}</strong>
          {post.grupoNome && post.grupoId && (
            <>
              {' em '}
              <Link to={`/grupos/${encodeURIComponent(post.grupoId)}?aba=mural`}>{post.grupoNome}</Link>
            </>
          )}
        </p>
        <time dateTime={post.criadoEm}>
          {formatDateTime(post.criadoEm)}
          {post.editadoEm ? ' (editado)' : ''}
        </time>
      </header>
      {post.oculto && (
        <p className="feed-hidden" role="status">
          Este post recebeu denúncias e está oculto para os outros até a revisão da moderação.
        </p>
      )}
      {editing ? <EditForm post={post} onDone={() => setEditing(false)} /> : <LinkedText className="feed-text" text={post.texto} />}
      <PhotoStrip keys={post.fotos} alt={`Foto do post de ${post.autorNome}`} />
      {post.cultivo && (
        <p className="feed-cultivo">
          <SproutIcon /> <strong>{post.cultivo.vegetalNome}</strong> · {faseLabel[post.cultivo.fase] ?? post.cultivo.fase}
          {post.cultivo.diasParaColheita !== null &&
            (post.cultivo.diasParaColheita === 0 ? ' · pronto para colher' : ` · colheita em ${post.cultivo.diasParaColheita} dias`)}
        </p>
      )}
      <div className="feed-actions">
        <button
          type="button"
          className={`button button-secondary${post.curtido ? ' feed-liked' : ''}`}
          aria-pressed={post.curtido}
          // Not disabled while the like is saved: a disabled button loses focus (to <body>) in the
          // browser; a second click meanwhile is ignored instead.
          onClick={() => {
            if (!like.isPending) like.mutate();
          }}
          aria-disabled={like.isPending || undefined}
          disabled={post.oculto}
        >
          {post.curtido ? 'Curtido' : 'Curtir'} · {post.curtidas}
        </button>
        <button type="button" className="button button-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          Comentários · {post.comentarios}
        </button>
        {!mine && (
          <button type="button" className="link-button" aria-expanded={denunciando} onClick={() => setDenunciando(!denunciando)}>
            Denunciar
          </button>
        )}
        {mine && post.editavel && !editing && (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Editar
          </button>
        )}
        {canDelete && (
          <button type="button" className="link-button danger" onClick={() => setConfirm(true)}>
            {mine ? 'Excluir' : 'Remover'}
          </button>
        )}
      </div>
      {like.isError && <p className="form-error">{errorMessage(like.error)}</p>}
      {note && (
        <p className="flash" role="status">
          {note}
        </p>
      )}
      {denunciando && (
        <DenunciaForm
          postId={post.id}
          onDone={(m) => {
            setDenunciando(false);
            setNote(m);
          }}
        />
      )}
      {open && <Comments post={post} canModerate={canModerate || isAdmin} />}
      {confirm && (
        <ConfirmDialog title={mine ? 'Excluir post?' : 'Remover post?'} confirmLabel={mine ? 'Excluir' : 'Remover'} busyLabel="Removendo..." mutation={del} danger
          onConfirm={() => del.mutate(post.id, { onSuccess: () => setConfirm(false) })}
          onCancel={() => setConfirm(false)}
        >
          <p>{mine ? 'O post e seus comentários deixam de aparecer no feed.' : 'O autor será avisado de que o post foi removido pela moderação.'}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
