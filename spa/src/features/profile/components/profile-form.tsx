import { useState, type FormEvent } from 'react';
import { InputField, SelectField, TextAreaField } from '@/components/ui/fields';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { serverErrors } from '@/lib/errors';
import { maxNomeLength } from '@/lib/text';
import { useUpdateMe } from '@/features/profile/api/me';
import type { Profile } from '@/types/api';
import '@/features/profile/profile.css';
import { SubmitButton } from '@/components/ui/submit-button';

// Limits come from the server (shared/domain): the inputs stop typing past them and the server's
// own Portuguese field errors are shown under the field they name.
const maxBio = 500;
const maxCidade = 80;
const ufs = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'];

export function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [nome, setNome] = useState(profile.nome);
  const [bio, setBio] = useState(profile.bio);
  const [uf, setUf] = useState<string>(profile.uf ?? '');
  const [cidade, setCidade] = useState(profile.cidade ?? '');
  const [foto, setFoto] = useState<string[]>(profile.foto ? [profile.foto] : []);
  const [uploading, setUploading] = useState(false);
  const update = useUpdateMe();
  const errors = serverErrors(update.error, ['foto', 'nome', 'bio', 'uf', 'cidade'], 'Erro ao salvar. Tente novamente.');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const novaFoto = foto[0] ?? '';
    // Only a changed photo is sent: a Google picture (an https address) stays as it is.
    const fotoChange = novaFoto !== (profile.foto ?? '') ? { foto: novaFoto } : {};
    update.mutate({ nome, bio, uf, cidade, ...fotoChange }, { onSuccess: onDone });
  }

  return (
    <form className="profile-form" onSubmit={handleSubmit} noValidate>
      <PhotoPicker
        label="Foto do perfil"
        purpose="perfil"
        value={foto}
        onChange={setFoto}
        onBusyChange={setUploading}
        error={errors.fields.foto}
        alt="Sua foto de perfil"
      />
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
      <SelectField
        label="UF"
        name="uf"
        value={uf}
        onChange={(e) => setUf(e.target.value)}
        hint="A região da sua UF escolhe o calendário de plantio do “Plante agora”."
        error={errors.fields.uf}
      >
        <option value="">Não informar</option>
        {ufs.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </SelectField>
      <InputField
        label="Cidade"
        name="cidade"
        value={cidade}
        maxLength={maxCidade}
        autoComplete="address-level2"
        onChange={(e) => setCidade(e.target.value)}
        error={errors.fields.cidade}
      />
      <p className="form-error" role="alert">
        {errors.form}
      </p>
      <div className="actions-row">
        <SubmitButton busy={update.isPending} busyLabel="Salvando..." disabled={uploading}>
          Salvar
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
