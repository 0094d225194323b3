import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { EmptyState } from '@/components/ui/empty-state';
import { plural } from '@/lib/format';
import { useHortalicas } from '@/features/cultivos/api/catalog';
import { filterCatalog } from '@/features/cultivos/catalog-search';
import { monthsText, regions, type RegionKey } from '@/features/cultivos/components/calendar-strip';
import { meses } from '@/features/cultivos/labels';
import '@/features/cultivos/cultivos.css';

const title = 'Hortaliças';

function regionOf(s: string | null): RegionKey | '' {
  return regions.some((r) => r.key === s) ? (s as RegionKey) : '';
}

function monthOf(s: string | null): number | null {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
}

/**
 * The public catalogue: every plant Verde knows, searched by any of its names and filtered by
 * region and month ("o que plantar em dezembro no Nordeste"). The filter lives in the address,
 * so a search can be shared.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const regiao = regionOf(params.get('regiao'));
  const mes = monthOf(params.get('mes'));
  const query = useHortalicas();

  function set(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  const regionName = regions.find((r) => r.key === regiao)?.label;
  const heading =
    mes && regionName
      ? `O que plantar em ${meses[mes - 1]} no ${regionName}`
      : mes
        ? `O que plantar em ${meses[mes - 1]}`
        : regionName
          ? `O que se planta no ${regionName}`
          : 'Todas as plantas';
  const items = query.data ? filterCatalog(query.data.items, { q, regiao, mes }) : [];
  const detailQuery = regiao ? `?regiao=${regiao}` : '';

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Como e quando cultivar cada planta, com a fonte de cada informação. Calendário da Embrapa Hortaliças."
      />
      <section className="card catalog-filters" aria-label="Buscar e filtrar">
        <div className="field">
          <label htmlFor="hortalicas-q">Buscar</label>
          <input id="hortalicas-q" type="search" value={q} placeholder="Nome ou nome popular" onChange={(e) => set('q', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="hortalicas-regiao">Região</label>
          <select id="hortalicas-regiao" value={regiao} onChange={(e) => set('regiao', e.target.value)}>
            <option value="">Todas as regiões</option>
            {regions.map((r) => (
              <option key={r.key} value={r.key}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="hortalicas-mes">Mês de plantio</label>
          <select id="hortalicas-mes" value={mes ?? ''} onChange={(e) => set('mes', e.target.value)}>
            <option value="">Qualquer mês</option>
            {meses.map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </select>
        </div>
      </section>

      <section aria-labelledby="hortalicas-resultado" aria-live="polite">
        <h2 id="hortalicas-resultado" className="catalog-result-title">
          {heading}
          {query.data && <span className="cultivo-meta"> · {plural(items.length, 'planta', 'plantas')}</span>}
        </h2>
        {query.isPending && <SectionLoader label="Carregando hortaliças..." />}
        {query.isError && <ErrorState title="Não foi possível carregar as hortaliças" error={query.error} onRetry={() => void query.refetch()} />}
        {query.data && items.length === 0 && (
          <EmptyState title="Nenhuma planta encontrada">
            <p>Tente outro nome, outra região ou outro mês.</p>
          </EmptyState>
        )}
        {items.length > 0 && (
          <ul className="catalog-grid">
            {items.map((v) => (
              <li key={v.id} className="card catalog-card">
                <h3>
                  <Link to={`/hortalicas/${encodeURIComponent(v.id)}${detailQuery}`}>{v.nome}</Link>
                </h3>
                {v.nomeCientifico && <p className="scientific-name cultivo-meta">{v.nomeCientifico}</p>}
                {v.nomesPopulares.length > 0 && <p className="cultivo-meta">Também: {v.nomesPopulares.slice(0, 4).join(', ')}</p>}
                {regiao && v.semeadura && (
                  <p className="cultivo-meta">
                    Plantio no {regionName}: {monthsText(v.semeadura[regiao])}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
