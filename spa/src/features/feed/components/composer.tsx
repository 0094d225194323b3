import { useState, type FormEvent } from 'react';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { SubmitButton } from '@/components/ui/submit-button';
import { serverErrors } from '@/lib/errors';
import { useComposerChoices, useCreatePost } from '@/features/feed/api/feed';

/** A new post: text, up to 4 photos, an optional cultivo of mine, and where (the community or one of my groups). */
export function Composer({ groupId, cultivoId, onDone }: { groupId?: string; cultivoId?: string; onDone?: (pontos: number) => void }) {
  const [texto, setTexto] = useState('');
  const [fotos, setFotos] = useState<string[]>([]);
  const [grupo, setGrupo] = useState(groupId ?? '');
  const [cultivo, setCultivo] = useState(cultivoId ?? '');
  const [uploading, setUploading] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const create = useCreatePost();
  const choices = useComposerChoices();
  const server = serverErrors(create.error, ['texto', 'fotos', 'cultivoId', 'grupoId']);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (uploading) return;
    if (!texto.trim()) {
      setLocal('Escreva o texto do post');
      return;
    }
    setLocal(null);
    create.mutate(
      { texto, ...(fotos.length ? { fotos } : {}), ...(grupo ? { grupoId: grupo } : {}), ...(cultivo ? { cultivoId: cultivo } : {}) },
      {
        onSuccess: (r) => {
          setTexto('');
          setFotos([]);
          if (!cultivoId) setCultivo('');
          setDone(r.pontos > 0 ? `Post publicado (+${r.pontos} pontos).` : 'Post publicado.');
          onDone?.(r.pontos);
        },
      },
    );
  }
  return (
    <form className="card feed-composer" onSubmit={submit} noValidate aria-label="Novo post">
      <label className="field">
        <span>O que está acontecendo na sua horta?</span>
        <textarea
          name="texto"
          rows={3}
          maxLength={2000}
          value={texto}
          onChange={(e) => {
            setTexto(e.target.value);
            setDone(null);
          }}
          aria-invalid={local || server.fields.texto ? true : undefined}
        />
        <span className="hint">{texto.length}/2000</span>
        {(local ?? server.fields.texto) && <span className="field-error">{local ?? server.fields.texto}</span>}
      </label>
      <PhotoPicker
        label="Fotos (opcional)"
        purpose="post"
        max={4}
        value={fotos}
        onChange={setFotos}
        onBusyChange={setUploading}
        error={server.fields.fotos}
        alt="Foto do post"
      />
      <div className="feed-composer-row">
        {!groupId && (
          <label className="field">
            <span>Publicar em</span>
            <select name="grupoId" value={grupo} onChange={(e) => setGrupo(e.target.value)}>
              <option value="">Toda a comunidade</option>
              {choices.groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.nome}
                </option>
              ))}
            </select>
            {server.fields.grupoId && <span className="field-error">{server.fields.grupoId}</span>}
          </label>
        )}
        {!cultivoId && (
          <label className="field">
            <span>Cultivo (opcional)</span>
            <select name="cultivoId" value={cultivo} onChange={(e) => setCultivo(e.target.value)}>
              <option value="">Nenhum</option>
              {choices.cultivos.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.vegetalNome}
                  {c.grupoNome ? ` · ${c.grupoNome}` : ''}
                </option>
              ))}
            </select>
            {server.fields.cultivoId && <span className="field-error">{server.fields.cultivoId}</span>}
          </label>
        )}
      </div>
      <p className="form-error" role="alert">
        {server.form}
      </p>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <SubmitButton busy={create.isPending} busyLabel="Publicando..." disabled={uploading}>
        {uploading ? 'Enviando foto...' : 'Publicar'}
      </SubmitButton>
    </form>
  );
}
