import { useState } from 'react';
import { Notice } from '@/components/ui/flash';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { useEmailChoices, useSaveEmailChoices } from '@/features/account/api/emails';
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
  const [notice, setNotice] = useState<string | null>(null);
  // A switch moves in the click's own render, before the save (and the cache's optimistic copy)
  // answers: a controlled checkbox that waits for them looks stuck on a slow phone.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const ativoOf = (k: { tipo: string; ativo: boolean }) => toggled[k.tipo] ?? k.ativo;

  function toggle(tipo: string, ativo: boolean) {
    if (!choices.data) return;
    setNotice(null);
    setToggled((t) => ({ ...t, [tipo]: ativo }));
    const ativos = choices.data.tipos.filter((k) => (k.tipo === tipo ? ativo : ativoOf(k))).map((k) => k.tipo as Tipo);
    save.mutate(
      { ativos },
      {
        onSuccess: () => setNotice('Escolhas de e-mail salvas.'),
        // The latest save's settling (earlier ones' callbacks don't run): the cache holds the rest.
        onSettled: () => setToggled({}),
      },
    );
  }

  return (
    <section className="card settings-section" aria-labelledby="config-emails">
      <h2 id="config-emails">E-mails</h2>
      <p>Escolha o que o Verde pode mandar para o seu e-mail. Cada e-mail traz um link para parar de recebê-lo.</p>
      {choices.isPending ? (
        <p role="status">
          <Spinner size="sm" /> Carregando...
        </p>
      ) : choices.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(choices.error, 'Não foi possível carregar suas escolhas de e-mail.')}{' '}
          <button type="button" className="link-button" onClick={() => void choices.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : (
        <>
          {!choices.data.envio && (
            <p className="muted" role="note">
              Este site ainda não envia e-mails. Suas escolhas ficam guardadas para quando o envio for ligado.
            </p>
          )}
          <fieldset className="settings-switches" aria-busy={save.isPending || undefined}>
            <legend className="visually-hidden">E-mails que quero receber</legend>
            {choices.data.tipos.map((k) => (
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
      <p className="form-error" role="alert">
        {save.isError ? errorMessage(save.error, 'Não foi possível salvar. Tente novamente.') : null}
      </p>
      <Notice message={notice} />
    </section>
  );
}
