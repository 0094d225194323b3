import { useState, type ReactNode } from 'react';
import { Notice } from '@/components/ui/flash';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import '@/features/account/account.css';

/** One switch of a settings section: a kind (of e-mail, of notification) and whether it is on. */
interface Switch {
  tipo: string;
  ativo: boolean;
}

/**
 * The switches of a settings section, saved as each is toggled. `save` sends what `body` makes of
 * the switches (given the kinds and which are on once the click counts); `saved` is the notice
 * once a save succeeds.
 */
export function useSwitches<K extends Switch, TInput>(
  tipos: readonly K[] | undefined,
  save: { mutate: (input: TInput, options: { onSuccess: () => void; onSettled: () => void }) => void },
  body: (tipos: readonly K[], on: (k: K) => boolean) => TInput,
  saved: string,
) {
  const [notice, setNotice] = useState<string | null>(null);
  // A switch moves in the click's own render, before the save (and the cache's optimistic copy)
  // answers: a controlled checkbox that waits for them looks stuck on a slow phone.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const ativoOf = (k: Switch) => toggled[k.tipo] ?? k.ativo;

  function toggle(tipo: string, ativo: boolean) {
    if (!tipos) return;
    setNotice(null);
    setToggled((t) => ({ ...t, [tipo]: ativo }));
    save.mutate(body(tipos, (k) => (k.tipo === tipo ? ativo : ativoOf(k))), {
      onSuccess: () => setNotice(saved),
      // The latest save's settling (earlier ones' callbacks don't run): the cache holds the rest.
      onSettled: () => setToggled({}),
    });
  }
  return { notice, ativoOf, toggle };
}

/**
 * A settings section of switches: its title and intro, then the switches (`children`, given what
 * was read) once the read is there, or its loader or its error with Tentar novamente; under them
 * the save's error and its notice.
 */
export function SwitchesSection<T>({
  id,
  title,
  intro,
  query,
  loadError,
  save,
  notice,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  loadError: string;
  save: { isError: boolean; error: unknown };
  notice: string | null;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{intro}</p>
      {query.isPending ? (
        <p role="status">
          <Spinner size="sm" /> Carregando...
        </p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error, loadError)}{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : (
        children(query.data as T)
      )}
      <p className="form-error" role="alert">
        {save.isError ? errorMessage(save.error, 'Não foi possível salvar. Tente novamente.') : null}
      </p>
      <Notice message={notice} />
    </section>
  );
}
