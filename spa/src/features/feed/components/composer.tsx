import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SelectField, TextAreaField, ItemOptions } from '@/components/ui/fields';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { SubmitButton } from '@/components/ui/submit-button';
import { serverErrors } from '@/lib/errors';
import { useComposerChoices, useCreatePost } from '@/features/feed/api/feed';
import '@/features/feed/feed.css';

/**
 * A new post: text, up to 4 photos, an optional cultivo of mine, and where (the community or one
 * of my groups). `aba` is the feed tab it sits on: on "Meus grupos" it starts on my first group;
 * a post that goes elsewhere than the tab shows says where, with a link there.
 */
export function Composer({
  groupId,
  cultivoId,
  aba,
  onDone,
}: {
  groupId?: string;
  cultivoId?: string;
  aba?: 'comunidade' | 'grupos';
  onDone?: (pontos: number) => void;
}) {
  const [texto, setTexto] = useState('');
  const [fotos, setFotos] = useState<string[]>([]);
  const [grupo, setGrupo] = useState(groupId ?? '');
  const [cultivo, setCultivo] = useState(cultivoId ?? '');
  const [uploading, setUploading] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; link?: { to: string; label: string } } | null>(null);
  const [chosen, setChosen] = useState(false);
  const create = useCreatePost();
  const choices = useComposerChoices();
  const firstGroup = choices.groups[0]?.id ?? '';
  // On "Meus grupos" a post goes to my first group unless I choose otherwise.
  const where = groupId ?? (chosen || aba !== 'grupos' ? grupo : grupo || firstGroup);
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
      { texto, ...(fotos.length ? { fotos } : {}), ...(where ? { grupoId: where } : {}), ...(cultivo ? { cultivoId: cultivo } : {}) },
      {
        onSuccess: (r) => {
          setTexto('');
          setFotos([]);
          if (!cultivoId) setCultivo('');
          const pts = r.pontos > 0 ? ` (+${r.pontos} pontos)` : '';
          const nome = choices.groups.find((g) => g.id === where)?.nome;
          if (aba === 'comunidade' && where && nome) {
            // The community tab does not list group posts: say where it went.
            setDone({ text: `Post publicado em ${nome}${pts}.`, link: { to: '/feed?aba=grupos', label: 'Ver em Meus grupos' } });
          } else if (aba === 'grupos' && !where) {
            setDone({ text: `Post publicado para toda a comunidade${pts}.`, link: { to: '/feed', label: 'Ver em Comunidade' } });
          } else {
            setDone({ text: `Post publicado${pts}.` });
          }
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
          <SelectField
            label="Publicar em"
            name="grupoId"
            value={where}
            onChange={(e) => {
              setGrupo(e.target.value);
              setChosen(true);
            }}
            error={server.fields.grupoId}
          >
            <option value="">Toda a comunidade</option>
            <ItemOptions items={choices.groups} />
          </SelectField>
        )}
        {!cultivoId && (
          <SelectField label="Cultivo (opcional)" name="cultivoId" value={cultivo} onChange={(e) => setCultivo(e.target.value)} error={server.fields.cultivoId}>
            <option value="">Nenhum</option>
            <ItemOptions items={choices.cultivos} label={(c) => `${c.vegetalNome}${c.grupoNome ? ` · ${c.grupoNome}` : ''}`} />
          </SelectField>
        )}
      </div>
      <p className="form-error" role="alert">
        {server.form}
      </p>
      {done && (
        <p className="flash" role="status">
          {done.text}
          {done.link && (
            <>
              {' '}
              <Link to={done.link.to}>{done.link.label}</Link>
            </>
          )}
        </p>
      )}
      <SubmitButton busy={create.isPending} busyLabel="Publicando..." disabled={uploading}>
        {uploading ? 'Enviando foto...' : 'Publicar'}
      </SubmitButton>
    </form>
  );
}
