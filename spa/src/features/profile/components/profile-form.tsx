import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { TextField } from '@/components/ui/text-field';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateMe } from '@/features/profile/api/update-me';
import type { Profile } from '@/types/api';

// Limits come from the server (shared/domain): the inputs stop typing past them and the server's
// own Portuguese field errors are shown under the field they name.
const maxNome = 80;
const maxBio = 500;

export function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [nome, setNome] = useState(profile.nome);
  const [bio, setBio] = useState(profile.bio);
  const update = useUpdateMe();
  const error = update.error instanceof ApiError ? update.error : update.error ? new ApiError({ status: 0, code: 'internal', message: 'Erro ao salvar. Tente novamente.' }) : null;
  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  const formError = error && !['nome', 'bio'].includes(error.field ?? '') ? error.message : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ nome, bio }, { onSuccess: onDone });
  }

  return (
    <form className="profile-form" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Nome"
        name="nome"
        value={nome}
        maxLength={maxNome}
        required
        autoComplete="name"
        onChange={(e) => setNome(e.target.value)}
        invalid={!!fieldError('nome')}
        errorId="perfil-nome-erro"
      />
      <p id="perfil-nome-erro" className="field-error" role="alert">
        {fieldError('nome')}
      </p>
      <div className="field">
        <label htmlFor="perfil-bio">Bio</label>
        <textarea
          id="perfil-bio"
          name="bio"
          rows={4}
          maxLength={maxBio}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          aria-invalid={!!fieldError('bio') || undefined}
          aria-describedby="perfil-bio-contagem perfil-bio-erro"
        />
        <p id="perfil-bio-contagem" className="field-hint">
          {bio.length}/{maxBio}
        </p>
      </div>
      <p id="perfil-bio-erro" className="field-error" role="alert">
        {fieldError('bio')}
      </p>
      <p className="form-error" role="alert">
        {formError}
      </p>
      <div className="actions-row">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending && <Spinner size="sm" />}
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
