import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageQueryState } from '@/components/ui/query-states';
import { useAuth } from '@/lib/auth/auth-context';
import { useHortalica } from '@/features/cultivos/api/catalog';
import { CalendarStrip, regions, type RegionKey } from '@/features/cultivos/components/calendar-strip';
import { colheitaDays, VegetalCare } from '@/features/cultivos/components/vegetal-care';
import { GuideArticle } from '@/features/cultivos/components/vegetal-guides';
import '@/features/cultivos/cultivos.css';

/** One plant: when to sow it in each region, how to grow it (each line with its source), its guides. */
export function Component() {
  const { vegetalId = '' } = useParams();
  const [params] = useSearchParams();
  const regiao = (regions.some((r) => r.key === params.get('regiao')) ? params.get('regiao') : '') as RegionKey | '';
  const { user } = useAuth();
  const query = useHortalica(vegetalId);

  return (
    <PageQueryState query={query} title="Hortaliça" loader="Carregando hortaliça..." errorTitle="Não foi possível carregar esta hortaliça" errorActions={
        <Link className="button button-secondary" to="/hortalicas">
          Ver todas as hortaliças
        </Link>
      }>
      {(data) => {
        const { vegetal: v, guias } = data;
        const month = new Date().getMonth() + 1;

        return (
          <>
            <PageHeader
              title={v.nome}
              subtitle={v.nomeCientifico ? <span className="scientific-name">{v.nomeCientifico}</span> : undefined}
              actions={
                <Link className="button button-secondary" to={`/hortalicas${regiao ? `?regiao=${regiao}` : ''}`}>
                  Todas as hortaliças
                </Link>
              }
            />
            <div className="page-grid">
              <section className="card" aria-labelledby="hortalica-quando">
                <h2 id="hortalica-quando">Quando plantar</h2>
                <CalendarStrip semeadura={v.semeadura} highlight={regiao} month={month} />
                <p>{colheitaDays(v)}</p>
                {v.semeadura && <p className="cultivo-meta">Calendário e dias até a colheita: {v.fonte}.</p>}
                {user ? (
                  <p className="actions-row">
                    <Link className="button button-primary" to={`/cultivos?novo=${encodeURIComponent(v.id)}`}>
                      Começar um cultivo
                    </Link>
                  </p>
                ) : (
                  <p className="actions-row">
                    <Link className="button button-primary" to="/registro" state={{ from: `/hortalicas/${v.id}` }}>
                      Criar conta e cultivar
                    </Link>
                  </p>
                )}
              </section>
              <section className="card" aria-labelledby="hortalica-como">
                <h2 id="hortalica-como">Como cultivar</h2>
                <VegetalCare vegetal={v} />
              </section>
              <section className="card" aria-labelledby="hortalica-guias">
                <h2 id="hortalica-guias">Guias</h2>
                {guias.length === 0 ? (
                  <p className="cultivo-meta">
                    Ainda não há guias para esta planta. <Link to="/guias">Ver todos os guias</Link>
                  </p>
                ) : (
                  guias.map((g) => <GuideArticle key={g.id} guide={g} />)
                )}
              </section>
            </div>
          </>
        );
      }}
    </PageQueryState>
  );
}
