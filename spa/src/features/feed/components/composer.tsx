import { useState, type FormEvent } from 'react';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { SubmitButton } from '@/components/ui/submit-button';
import { serverErrors } from '@/lib/errors';
import { useComposerChoices, useCreatePost } from '@/features/feed/api/feed';
import '@/features/feed/feed.css';

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
      <TextAreaField
        label="O que está acontecendo na sua horta?"
        name="texto"
        rows={3}
        maxLength={2000}
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          setDone(null);
          if (local && e.target.value.trim()) setLocal(null);
        }}
        hint={`${texto.length}/2000`}
        error={local ?? server.fields.texto}
      />
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
          <SelectField label="Publicar em" name="grupoId" value={grupo} onChange={(e) => setGrupo(e.target.value)} error={server.fields.grupoId}>
            <option value="">Toda a comunidade</option>
            {choices.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.nome}
              </option>
            ))}
          </SelectField>
        )}
        {!cultivoId && (
          <SelectField label="Cultivo (opcional)" name="cultivoId" value={cultivo} onChange={(e) => setCultivo(e.target.value)} error={server.fields.cultivoId}>
            <option value="">Nenhum</option>
            {choices.cultivos.map((c) => (
              <option key={c.id} value={c.id}>
                {c.vegetalNome}
                {c.grupoNome ? ` · ${c.grupoNome}` : ''}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <p className="form-error" role="alert">
        {server.form}
      </p>
      {done && (
        <p className="flash" role="status">
          {done}
        </p>
      )}
      <SubmitButton busy={create.isPending} busyLabel="Publicando..." disabled={uploading}>
        {uploading ? 'Enviando foto...' : 'Publicar'}
      </SubmitButton>
    </form>
  );
}
