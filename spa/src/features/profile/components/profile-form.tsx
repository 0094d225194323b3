import { useState, type FormEvent } from 'react';
import { InputField, TextAreaField } from '@/components/ui/fields';
import { serverErrors } from '@/lib/errors';
import { maxNomeLength } from '@/lib/text';
import { useUpdateMe } from '@/features/profile/api/me';
import type { Profile } from '@/types/api';
import '@/features/profile/profile.css';
import { SubmitButton } from '@/components/ui/submit-button';

// Limits come from the server (shared/domain): the inputs stop typing past them and the server's
// own Portuguese field errors are shown under the field they name.
const maxBio = 500;

export function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [nome, setNome] = useState(profile.nome);
  const [bio, setBio] = useState(profile.bio);
  const update = useUpdateMe();
  const errors = serverErrors(update.error, ['nome', 'bio'], 'Erro ao salvar. Tente novamente.');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ nome, bio }, { onSuccess: onDone });
  }

  return (
    <form className="profile-form" onSubmit={handleSubmit} noValidate>
      <InputField
        label="Nome"
        name="nome"
        value={nome}
        maxLength={maxNomeLength}
        required
        autoComplete="name"
        onChange={(e) => setNome(e.target.value)}
        error={errors.fields.nome}
      />
      <TextAreaField
        label="Bio"
        name="bio"
        rows={4}
        maxLength={maxBio}
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        hint={`${bio.length}/${maxBio}`}
        error={errors.fields.bio}
      />
      <p className="form-error" role="alert">
        {errors.form}
      </p>
      <div className="actions-row">
        <SubmitButton busy={update.isPending} busyLabel="Salvando...">
          Salvar
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
