import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SproutIcon } from '@/components/ui/icons';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { SectionLoader } from '@/components/ui/query-states';
import { errorMessage } from '@/lib/errors';
import { todayBrasilia } from '@/lib/format';
import { usePlanteAgora } from '@/features/cultivos/api/catalog';
import { useAddDiario } from '@/features/cultivos/api/diario';
import { dashboardCultivosQuery, dashboardCultivosShown as shown } from '@/features/cultivos/api/queries';
import { cultivoHref, FaseTag } from '@/features/cultivos/components/cultivo-card';
import { countdown, meses } from '@/features/cultivos/labels';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

// The diary form (with its photo picker) loads when a member opens it from a card.
const DiaryForm = lazy(() => import('@/features/cultivos/components/diary-form').then((m) => ({ default: m.DiaryForm })));

/** The dashboard's "Meus cultivos" (active ones, countdown, a quick diary entry) and "Plante agora". */
export default function DashboardCultivos() {
  return (
    <>
      <MyActiveCultivos />
      <PlanteAgoraCard />
    </>
  );
}

/** My 5 newest active cultivos (GET /api/cultivos?ativos=true&limit=5), each with a quick diary entry. */
export function MyActiveCultivos() {
  const query = useQuery(dashboardCultivosQuery);
  const items = (query.data?.items ?? []).slice(0, shown);
  return (
    <DashboardCard id="dash-cultivos" title="Meus cultivos" query={query} loading="Carregando cultivos..." errorTitle="Não foi possível carregar os cultivos">
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
    </DashboardCard>
  );
}

/** What a card says of an act made offline: it waits in the queue (lib/offline/queue.ts). */
const queued = 'Na fila: será enviado quando a conexão voltar';

function ActiveCultivo({ cultivo: c }: { cultivo: Cultivo }) {
  const add = useAddDiario(c.id, c.vegetalNome);
  const [done, setDone] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
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
            aria-label={`Reguei hoje: ${c.vegetalNome}`}
            onClick={() =>
              add.mutate(
                // Dated here: a watering that waits offline in the queue keeps the day it was done.
                { tipo: 'rega', texto: 'Regado', data: todayBrasilia() },
                { onSuccess: (r) => setDone('pontos' in r ? (r.pontos > 0 ? `Rega registrada (+${r.pontos} pontos)` : 'Rega registrada') : queued) },
              )
            }
          >
            Reguei hoje
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Escrever no diário de ${c.vegetalNome}`}
            onClick={() => setWriting(true)}
          >
            Escrever no diário
          </button>
          <span role="status" className="cultivo-meta">
            {add.isError ? errorMessage(add.error) : done}
          </span>
        </div>
      )}
      {writing && (
        // The dialog opens once the form's chunk is here, so its focus lands on the form's first field.
        <Suspense fallback={<SectionLoader label="Carregando o diário..." />}>
          <Dialog title={`Diário de ${c.vegetalNome}`} onClose={() => setWriting(false)}>
            <DiaryForm
              cultivoId={c.id}
              dataPlantio={c.dataPlantio}
              vegetalNome={c.vegetalNome}
              onDone={(pontos) => {
                setWriting(false);
                setDone(pontos === null ? queued : pontos > 0 ? `Entrada salva no diário (+${pontos} pontos)` : 'Entrada salva no diário');
              }}
            />
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={() => setWriting(false)}>
                Cancelar
              </button>
            </div>
          </Dialog>
        </Suspense>
      )}
    </li>
  );
}

/** How many of this month's suggestions the card shows; "ver todas" opens the rest. */
const planteAgoraFew = 6;

/** "Plante agora": this month's suggestions for my UF from the catalogue calendar, best first. */
export function PlanteAgoraCard() {
  const query = usePlanteAgora();
  return (
    <DashboardCard id="dash-plante" title="Plante agora" query={query} errorTitle="Não foi possível carregar as sugestões">
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
            <>
              <ul className="suggestions">
                {query.data.items.slice(0, planteAgoraFew).map((v) => (
                  <li key={v.id}>
                    <Link className="button button-secondary button-small" to={`/cultivos?novo=${encodeURIComponent(v.id)}`}>
                      {v.nome}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="actions-row">
                <Link className="button button-primary button-small" to="/cultivos?novo=">
                  {`Ver todas (${query.data.items.length})`}
                </Link>
                <Link to={`/hortalicas?regiao=${query.data.regiao}&mes=${query.data.mes}`}>Como cultivar cada uma</Link>
              </p>
            </>
          )}
        </>
      )}
    </DashboardCard>
  );
}
