import { lazy, Suspense, useMemo, useState } from 'react';
import type { Analise, PontoAnalise } from '@/types/api';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/fields';
import { ChartIcon } from '@/components/ui/icons';
import { QueryState, SectionLoader } from '@/components/ui/query-states';
import { useAnalytics, type Granularidade } from '@/features/admin-stats/api/stats';
import { formatDia, formatNumero, formatPeriodo } from '@/features/admin-stats/stats-format';
import '@/features/admin-stats/admin-stats.css';

// uPlot (~25 kB gzip) comes in its own chunk once there is something to draw: the filters, totals
// and table show before it arrives.
const AnalyticsChart = lazy(() => import('@/features/admin-stats/components/analytics-chart').then((m) => ({ default: m.AnalyticsChart })));

const ufs = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'];

type Metrica = { titulo: string; valor: (p: PontoAnalise, g: Granularidade) => number; decimais?: boolean; unidade?: string; cor: string };

const metricas: Metrica[] = [
  { titulo: 'Novos membros', valor: (p) => p.novosMembros, cor: '#2f7d32' },
  // A day's actives are distinct members; a week's or month's, their daily average.
  { titulo: 'Membros ativos', valor: (p, g) => (g === 'dia' ? p.membrosAtivos : p.membrosAtivosMedia), decimais: true, cor: '#1565c0' },
  { titulo: 'Cultivos criados', valor: (p) => p.cultivosCriados, cor: '#8d6e63' },
  { titulo: 'Colheitas (kg)', valor: (p) => p.colheitaKg, decimais: true, unidade: ' kg', cor: '#e65100' },
  { titulo: 'Posts', valor: (p) => p.posts, cor: '#6a1b9a' },
  { titulo: 'Comentários', valor: (p) => p.comentarios, cor: '#00838f' },
];

/** Today in Brasília (the statistics' day), yyyy-mm-dd. */
export function hojeBrasilia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function menosDias(iso: string, n: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** /admin/analytics: the site's activity over 30, 90 or 365 days, by day, week or month, by region. */
export function AnalyticsView() {
  const [dias, setDias] = useState(30);
  const [granularidade, setGranularidade] = useState<Granularidade>('dia');
  const [uf, setUf] = useState('');
  const [tabela, setTabela] = useState(false);
  const ate = hojeBrasilia();
  const de = menosDias(ate, dias - 1);
  const q = useAnalytics(de, ate, granularidade, uf);
  return (
    <>
      <form className="analytics-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filtros">
        <SelectField label="Período" name="periodo" value={dias} onChange={(e) => setDias(Number(e.target.value))}>
          <option value={30}>Últimos 30 dias</option>
          <option value={90}>Últimos 90 dias</option>
          <option value={365}>Últimos 365 dias</option>
        </SelectField>
        <SelectField label="Agrupar por" name="granularidade" value={granularidade} onChange={(e) => setGranularidade(e.target.value as Granularidade)}>
          <option value="dia">Dia</option>
          <option value="semana">Semana</option>
          <option value="mes">Mês</option>
        </SelectField>
        <SelectField label="Região (UF)" name="uf" value={uf} onChange={(e) => setUf(e.target.value)}>
          <option value="">Todas</option>
          {ufs.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
          <option value="sem">Sem UF</option>
        </SelectField>
      </form>
      <QueryState query={q} loader="Carregando gráficos..." errorTitle="Não foi possível carregar os gráficos">
        {(data) => <Resultado data={data} tabela={tabela} setTabela={setTabela} atualizando={q.isFetching} />}
      </QueryState>
    </>
  );
}

function Resultado({ data, tabela, setTabela, atualizando }: { data: Analise; tabela: boolean; setTabela: (v: boolean) => void; atualizando: boolean }) {
  const g = data.granularidade as Granularidade;
  const series = useMemo(
    () =>
      metricas.map((m) => ({
        m,
        serie: { inicios: data.pontos.map((p) => p.inicio), fins: data.pontos.map((p) => p.fim), valores: data.pontos.map((p) => m.valor(p, g)) },
      })),
    [data, g],
  );
  const vazio = data.pontos.every((p) => metricas.every((m) => m.valor(p, g) === 0));
  const desde = data.dadosDesde ? `Dados desde ${formatDia(data.dadosDesde)}: as ações anteriores não foram contadas.` : 'Ainda não há dados: eles começam a contar com a próxima atividade.';
  return (
    <div aria-busy={atualizando || undefined}>
      <p className="stats-since">
        {formatDia(data.de)} a {formatDia(data.ate)}
        {data.uf ? ` · ${data.uf === 'sem' ? 'membros sem UF' : data.uf}` : ''}. {desde}
        {g !== 'dia' && ' Membros ativos: média diária no período.'}
      </p>
      {vazio ? (
        <EmptyState icon={<ChartIcon />} title="Sem atividade no período">
          <p>Nenhuma atividade registrada com esses filtros.</p>
        </EmptyState>
      ) : (
        <ul className="analytics-grid">
          {series.map(({ m, serie }) => (
            <li key={m.titulo} className="card analytics-card">
              <h2 className="analytics-title">{m.titulo}</h2>
              <p className="analytics-total">
                {g === 'dia' || m.titulo !== 'Membros ativos'
                  ? `Total no período: ${formatNumero(
                      serie.valores.reduce((a, b) => a + b, 0),
                      m.decimais,
                    )}${m.unidade ?? ''}`
                  : `Média: ${formatNumero(serie.valores.reduce((a, b) => a + b, 0) / Math.max(1, serie.valores.length), true)}`}
              </p>
              <Suspense fallback={<SectionLoader label="Carregando gráfico..." />}>
                <AnalyticsChart titulo={m.titulo} serie={serie} granularidade={g} decimais={m.titulo === 'Membros ativos' ? g !== 'dia' : m.decimais} cor={m.cor} />
              </Suspense>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" className="button button-secondary" aria-expanded={tabela} aria-controls="analytics-tabela" onClick={() => setTabela(!tabela)}>
          {tabela ? 'Ocultar tabela' : 'Ver tabela'}
        </button>
      </p>
      <div id="analytics-tabela" hidden={!tabela} className="analytics-table-wrap">
        <table className="analytics-table">
          <caption>Atividade por {g === 'dia' ? 'dia' : g === 'semana' ? 'semana' : 'mês'}</caption>
          <thead>
            <tr>
              <th scope="col">Período</th>
              {metricas.map((m) => (
                <th key={m.titulo} scope="col">
                  {m.titulo === 'Membros ativos' && g !== 'dia' ? 'Membros ativos (média diária)' : m.titulo}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...data.pontos].reverse().map((p) => (
              <tr key={p.inicio} data-inicio={p.inicio}>
                <th scope="row">{formatPeriodo(p.inicio, p.fim, g)}</th>
                {metricas.map((m) => (
                  <td key={m.titulo}>{formatNumero(m.valor(p, g), m.decimais)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
