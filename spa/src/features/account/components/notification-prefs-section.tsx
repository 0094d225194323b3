import { useState } from 'react';
import { Notice } from '@/components/ui/flash';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { useNotificationPrefs, useSaveNotificationPrefs } from '@/features/account/api/account';
import type { NotificationPreferencesInput } from '@/types/api';
import '@/features/account/account.css';

type Tipo = NotificationPreferencesInput['silenciados'][number];

/**
 * In-app notification preferences: one switch per kind, saved as it is toggled. A muted kind is
 * kept but neither listed nor counted in the bell.
 */
export function NotificationPrefsSection() {
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const [notice, setNotice] = useState<string | null>(null);
  // A switch moves in the click's own render, before the save answers (as the e-mail switches).
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const ativoOf = (k: { tipo: string; ativo: boolean }) => toggled[k.tipo] ?? k.ativo;

  function toggle(tipo: string, ativo: boolean) {
    if (!prefs.data) return;
    setNotice(null);
    setToggled((t) => ({ ...t, [tipo]: ativo }));
    const silenciados = prefs.data.tipos.filter((k) => (k.tipo === tipo ? !ativo : !ativoOf(k))).map((k) => k.tipo as Tipo);
    save.mutate({ silenciados }, { onSuccess: () => setNotice('Preferências salvas.'), onSettled: () => setToggled({}) });
  }

  return (
    <section className="card settings-section" aria-labelledby="config-notificacoes">
      <h2 id="config-notificacoes">Notificações</h2>
      <p>Escolha o que aparece no sino. As desligadas não somem: voltam a aparecer se você as ligar de novo.</p>
      {prefs.isPending ? (
        <p role="status">
          <Spinner size="sm" /> Carregando...
        </p>
      ) : prefs.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(prefs.error, 'Não foi possível carregar suas preferências.')}{' '}
          <button type="button" className="link-button" onClick={() => void prefs.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : (
        <fieldset className="settings-switches" aria-busy={save.isPending || undefined}>
          <legend className="visually-hidden">Notificações no sino</legend>
          {prefs.data.tipos.map((k) => (
            <label key={k.tipo} className="settings-switch">
              <input type="checkbox" checked={ativoOf(k)} onChange={(e) => toggle(k.tipo, e.target.checked)} />
              <span>{k.rotulo}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="form-error" role="alert">
        {save.isError ? errorMessage(save.error, 'Não foi possível salvar. Tente novamente.') : null}
      </p>
      <Notice message={notice} />
    </section>
  );
}
