import { useNotificationPrefs, useSaveNotificationPrefs } from '@/features/account/api/account';
import { SwitchesSection, useSwitches } from '@/features/account/components/switches-section';
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
  const { notice, ativoOf, toggle } = useSwitches(
    prefs.data?.tipos,
    save,
    (tipos, on) => ({ silenciados: tipos.filter((k) => !on(k)).map((k) => k.tipo as Tipo) }),
    'Preferências salvas.',
  );

  return (
    <SwitchesSection
      id="config-notificacoes"
      title="Notificações"
      intro="Escolha o que aparece no sino. As desligadas não somem: voltam a aparecer se você as ligar de novo."
      query={prefs}
      loadError="Não foi possível carregar suas preferências."
      save={save}
      notice={notice}
    >
      {(data) => (
        <fieldset className="settings-switches" aria-busy={save.isPending || undefined}>
          <legend className="visually-hidden">Notificações no sino</legend>
          {data.tipos.map((k) => (
            <label key={k.tipo} className="settings-switch">
              <input type="checkbox" checked={ativoOf(k)} onChange={(e) => toggle(k.tipo, e.target.checked)} />
              <span>{k.rotulo}</span>
            </label>
          ))}
        </fieldset>
      )}
    </SwitchesSection>
  );
}
