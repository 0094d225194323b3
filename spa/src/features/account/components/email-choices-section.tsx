import { useEmailChoices, useSaveEmailChoices } from '@/features/account/api/emails';
import { SwitchesSection, useSwitches } from '@/features/account/components/switches-section';
import type { EmailChoicesInput } from '@/types/api';
import '@/features/account/account.css';

type Tipo = EmailChoicesInput['ativos'][number];

/**
 * The e-mails a member chooses to get (reminders, the weekly digest): all off until chosen, saved
 * as each switch is toggled. Every e-mail also carries a link that stops its kind.
 */
export function EmailChoicesSection() {
  const choices = useEmailChoices();
  const save = useSaveEmailChoices();
  const { notice, ativoOf, toggle } = useSwitches(
    choices.data?.tipos,
    save,
    (tipos, on) => ({ ativos: tipos.filter(on).map((k) => k.tipo as Tipo) }),
    'Escolhas de e-mail salvas.',
  );

  return (
    <SwitchesSection
      id="config-emails"
      title="E-mails"
      intro="Escolha o que o Verde pode mandar para o seu e-mail. Cada e-mail traz um link para parar de recebê-lo."
      query={choices}
      loadError="Não foi possível carregar suas escolhas de e-mail."
      save={save}
      notice={notice}
    >
      {(data) => (
        <>
          {!data.envio && (
            <p className="muted" role="note">
              Este site ainda não envia e-mails. Suas escolhas ficam guardadas para quando o envio for ligado.
            </p>
          )}
          <fieldset className="settings-switches" aria-busy={save.isPending || undefined}>
            <legend className="visually-hidden">E-mails que quero receber</legend>
            {data.tipos.map((k) => (
              <label key={k.tipo} className="settings-switch settings-switch-described">
                <input
                  type="checkbox"
                  checked={ativoOf(k)}
                  aria-describedby={`email-${k.tipo}-descricao`}
                  onChange={(e) => toggle(k.tipo, e.target.checked)}
                />
                <span>
                  {k.rotulo}
                  <span id={`email-${k.tipo}-descricao`} className="settings-switch-description">
                    {k.descricao}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
    </SwitchesSection>
  );
}
