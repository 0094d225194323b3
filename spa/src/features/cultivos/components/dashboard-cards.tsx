import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon } from '@/components/ui/icons';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { errorMessage } from '@/lib/errors';
import { usePlanteAgora } from '@/features/cultivos/api/catalog';
import { useAddDiario, useMyCultivos } from '@/features/cultivos/api/cultivos';
import { cultivoHref, FaseTag } from '@/features/cultivos/components/cultivo-card';
import { countdown, meses } from '@/features/cultivos/labels';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

/** The dashboard's "Meus cultivos" (active ones, countdown, a quick diary entry) and "Plante agora". */
export default function DashboardCultivos() {
  return (
    <>
      <MyActiveCultivos />
      <PlanteAgoraCard />
    </>
  );
}

function MyActiveCultivos() {
  const query = useMyCultivos({ fase: '', grupo: '', ativos: true });
  const items = (query.data ?? []).slice(0, 5);
  return (
    <section className="card" aria-labelledby="dash-cultivos">
      <h2 id="dash-cultivos">Meus cultivos</h2>
      {query.isPending && <SectionLoader label="Carregando cultivos..." />}
      {query.isError && <ErrorState title="Não foi possível carregar os cultivos" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && items.length === 0 && (
        <EmptyState icon={<SproutIcon />} title="Nenhum cultivo ativo">
          <p>Comece um cultivo com uma das sugestões do “Plante agora”.</p>
          <Link to="/cultivos?novo=">Novo cultivo</Link>
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          <ul className="dash-cultivos">
            {items.map((c) => (
              <ActiveCultivo key={c.id} cultivo={c} />
            ))}
          </ul>
          <Link to="/cultivos">Ver todos os cultivos</Link>
        </>
      )}
    </section>
  );
}

function ActiveCultivo({ cultivo: c }: { cultivo: Cultivo }) {
  const add = useAddDiario(c.id);
  const [done, setDone] = useState<string | null>(null);
  return (
    <li>
      <div>
        <Link to={cultivoHref(c)}>
          <strong>{c.vegetalNome}</strong>
        </Link>{' '}
        <FaseTag fase={c.fase} />
        <p className="countdown" data-atrasado={c.janela.atrasado}>
          {countdown(c)}
        </p>
      </div>
      {c.pode.escrever && (
        <div className="quick-diary">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={add.isPending}
            aria-label={`Registrar rega de ${c.vegetalNome}`}
            onClick={() =>
              add.mutate({ tipo: 'rega', texto: 'Regado' }, { onSuccess: (r) => setDone(r.pontos > 0 ? `Rega registrada (+${r.pontos} pontos)` : 'Rega registrada') })
            }
          >
            Reguei hoje
          </button>
          <span role="status" className="cultivo-meta">
            {add.isError ? errorMessage(add.error) : done}
          </span>
        </div>
      )}
    </li>
  );
}

function PlanteAgoraCard() {
  const query = usePlanteAgora();
  return (
    <section className="card" aria-labelledby="dash-plante">
      <h2 id="dash-plante">Plante agora</h2>
      {query.isPending && <SectionLoader />}
      {query.isError && <ErrorState title="Não foi possível carregar as sugestões" error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && !query.data.regiao && (
        <p>
          Informe sua UF em <Link to="/perfil">Meu Perfil</Link> para ver o que plantar este mês na sua região.
        </p>
      )}
      {query.data && query.data.regiao && (
        <>
          <p className="cultivo-meta">
            {`Em ${meses[query.data.mes - 1]}, na região ${query.data.regiaoNome} (calendário Embrapa):`}
          </p>
          {query.data.items.length === 0 ? (
            <p>Nenhuma hortaliça do catálogo é recomendada para este mês na sua região.</p>
          ) : (
            <ul className="suggestions">
              {query.data.items.slice(0, 12).map((v) => (
                <li key={v.id}>
                  <Link className="button button-secondary button-small" to={`/cultivos?novo=${encodeURIComponent(v.id)}`}>
                    {v.nome}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
