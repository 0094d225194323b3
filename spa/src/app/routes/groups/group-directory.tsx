import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/spinner';
import { CompassIcon } from '@/components/ui/icons';
import { InputField, SelectField } from '@/components/ui/fields';
import { ErrorState, LoadMore } from '@/components/ui/query-states';
import type { FieldErrors } from '@/lib/errors';
import { plural } from '@/lib/format';
import type { DirectorySearch } from '@/lib/query-keys';
import { useDirectory } from '@/features/groups/api/groups';
import { GroupCardList } from '@/features/groups/components/group-card';
import { JoinButton } from '@/features/groups/components/join-button';
import { ufs } from '@/features/groups/labels';
import '@/features/groups/groups.css';
import { SubmitButton } from '@/components/ui/submit-button';

const maxBusca = 100;

/** The server's rules for a search (shared/api/groups directoryQuery), in its words. */
function validateSearch(s: DirectorySearch): FieldErrors {
  const errors: FieldErrors = {};
  if (s.q.length > maxBusca) errors.q = `A busca deve ter no máximo ${maxBusca} caracteres`;
  if (s.cidade.length > maxBusca) errors.cidade = `A cidade deve ter no máximo ${maxBusca} caracteres`;
  if (s.cidade && !s.uf) errors.uf = 'Informe a UF para buscar por cidade';
  return errors;
}

function searchFrom(params: URLSearchParams): DirectorySearch {
  return { q: params.get('q')?.trim() ?? '', cidade: params.get('cidade')?.trim() ?? '', uf: params.get('uf')?.toUpperCase() ?? '' };
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params);
  const [draft, setDraft] = useState(search);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { userData } = useAuth();
  const mine = new Set(userData?.gruposParticipantes ?? []);
  const query = useDirectory(search);
  const groups = query.data ?? [];
  const form = useRef<HTMLFormElement>(null);

  // Back and forward move through searches: the form follows the address.
  const searchKey = [search.q, search.cidade, search.uf].join('\n');
  const [draftOf, setDraftOf] = useState(searchKey);
  if (draftOf !== searchKey) {
    setDraftOf(searchKey);
    setDraft({ q: search.q, cidade: search.cidade, uf: search.uf });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { q: draft.q.trim(), cidade: draft.cidade.trim(), uf: draft.uf };
    const found = validateSearch(next);
    setErrors(found);
    const first = (['q', 'cidade', 'uf'] as const).find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const entries = Object.entries(next).filter(([, v]) => v !== '');
    setParams(new URLSearchParams(entries));
  }

  function clear() {
    setErrors({});
    setDraft({ q: '', cidade: '', uf: '' });
    setParams(new URLSearchParams());
  }

  const searching = search.q !== '' || search.cidade !== '' || search.uf !== '';
  const countText = query.isSuccess
    ? groups.length === 0
      ? 'Nenhum grupo encontrado.'
      : `${plural(groups.length, 'grupo encontrado', 'grupos encontrados')}${query.hasNextPage ? ' até agora' : ''}.`
    : '';

  let body;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError) body = <ErrorState title="Não foi possível buscar os grupos" error={query.error} onRetry={() => void query.refetch()} />;
  else if (groups.length === 0 && !query.hasNextPage) {
    body = (
      <EmptyState icon={<CompassIcon />} title={searching ? 'Nenhum grupo encontrado' : 'Nenhum grupo público ainda'}>
        <p>{searching ? 'Tente outro nome, outra cidade ou outra UF.' : 'Que tal começar a primeira horta comunitária da sua região?'}</p>
        <p className="actions-row">
          {searching && (
            <button type="button" className="button button-secondary" onClick={clear}>
              Limpar busca
            </button>
          )}
          <Link className="button button-primary" to="/grupos/novo">
            Criar Grupo
          </Link>
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <GroupCardList
          label="Grupos encontrados"
          groups={groups}
          card={(g) =>
            mine.has(g.id)
              ? {
                  badge: <span className="tag">Você participa</span>,
                  actions: (
                    <Link className="button button-secondary" to={`/grupos/${encodeURIComponent(g.id)}`}>
                      Abrir grupo
                    </Link>
                  ),
                }
              : { actions: <JoinButton group={g} /> }
          }
        />
        {groups.length === 0 && <p className="muted">Nenhum grupo nesta parte da busca; carregue mais para continuar.</p>}
        <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Explorar Grupos" subtitle="Encontre hortas comunitárias públicas pelo nome, pela cidade ou pela UF." />
      <form ref={form} className="card directory-search" role="search" aria-label="Buscar grupos" onSubmit={handleSubmit} noValidate>
        <InputField
          label="Nome do grupo"
          name="q"
          type="search"
          hint="Qualquer palavra do nome ou da cidade, pelo começo: “mariana” acha “Horta Vila Mariana”."
          value={draft.q}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
          error={errors.q}
          className="directory-search-q"
        />
        <InputField
          label="Cidade"
          name="cidade"
          value={draft.cidade}
          onChange={(e) => setDraft((d) => ({ ...d, cidade: e.target.value }))}
          error={errors.cidade}
          className="directory-search-cidade"
        />
        <SelectField
          label="UF"
          name="uf"
          value={draft.uf}
          onChange={(e) => setDraft((d) => ({ ...d, uf: e.target.value }))}
          error={errors.uf}
          className="directory-search-uf"
        >
          <option value="">Todas</option>
          {ufs.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </SelectField>
        <div className="directory-search-actions">
          <SubmitButton busy={false}>Buscar</SubmitButton>
          {searching && (
            <button type="button" className="button button-secondary" onClick={clear}>
              Limpar
            </button>
          )}
        </div>
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {countText}
      </p>
      {body}
    </>
  );
}
