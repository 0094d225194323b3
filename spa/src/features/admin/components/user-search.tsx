import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField, SelectField } from '@/components/ui/fields';
import { UsersIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { useUserSearch, type SearchBy } from '@/features/admin/api/users';
import '@/features/admin/admin.css';

/** /admin/usuarios: members found by a word of the name or the start of the e-mail. */
export function UserSearch() {
  const [q, setQ] = useState('');
  const [por, setPor] = useState<SearchBy>('nome');
  const search = useDeferredValue(q.trim());
  const by: SearchBy = search.includes('@') ? 'email' : por;
  const list = useUserSearch(search, by);
  const items = list.data ?? [];
  const short = search.length < 3;
  return (
    <>
      <PageHeader title="Usuários" subtitle="Encontre um membro pelo começo de uma palavra do nome ou do e-mail para ver o perfil, os pontos e as ações de conta." />
      <form className="users-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <InputField label="Buscar" name="q" type="search" maxLength={100} autoComplete="off" value={q} hint="Pelo menos 3 caracteres" onChange={(e) => setQ(e.target.value)} />
        <SelectField label="Buscar por" name="por" value={by} onChange={(e) => setPor(e.target.value as SearchBy)}>
          <option value="nome">Nome</option>
          <option value="email">E-mail</option>
        </SelectField>
      </form>
      {short ? (
        <EmptyState icon={<UsersIcon />} title="Busque um membro">
          <p>Digite ao menos 3 letras do nome ou do e-mail.</p>
        </EmptyState>
      ) : list.isPending ? (
        <SectionLoader label="Buscando membros..." />
      ) : list.isError ? (
        <ErrorState title="Não foi possível buscar" error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<UsersIcon />} title="Nenhum membro encontrado">
          <p>{by === 'email' ? `Nenhum e-mail começa com "${search}".` : `Nenhum nome tem uma palavra começando com "${search}".`}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" aria-label="Membros encontrados">
          {items.map((u) => (
            <li key={u.id} className="card">
              <Link to={`/admin/usuarios/${encodeURIComponent(u.id)}`} className="user-row">
                <Avatar name={u.nome} photo={u.foto} size={40} />
                <div className="user-row-main">
                  <strong>{u.nome}</strong> {u.desativado && <span className="tag tag-off">Desativado</span>}
                  <p className="muted">{u.email}</p>
                  <p className="muted">
                    Nível {u.nivel} · {u.pontosTotais} pontos{u.cidade ? ` · ${u.cidade}/${u.uf}` : ''}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!short && <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />}
    </>
  );
}
