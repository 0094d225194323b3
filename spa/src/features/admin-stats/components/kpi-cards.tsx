import type { Indicador, Indicadores } from '@/types/api';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { useKpis } from '@/features/admin-stats/api/stats';
import { formatDia, formatNumero, variacao } from '@/features/admin-stats/stats-format';
import '@/features/admin-stats/admin-stats.css';

type Chave = Exclude<keyof Indicadores, 'hoje' | 'dadosDesde'>;

// menosEMelhor: a rise is bad news (open reports), drawn in the danger colour, a fall in green.
const cards: { chave: Chave; titulo: string; anterior: string; decimais?: boolean; unidade?: string; menosEMelhor?: boolean }[] = [
  { chave: 'membros', titulo: 'Membros', anterior: 'há 30 dias' },
  { chave: 'ativosHoje', titulo: 'Ativos hoje', anterior: 'ontem' },
  { chave: 'ativos30Dias', titulo: 'Ativos em 30 dias', anterior: 'nos 30 dias anteriores' },
  { chave: 'grupos', titulo: 'Grupos', anterior: 'há 30 dias' },
  { chave: 'cultivosAtivos', titulo: 'Cultivos ativos', anterior: 'há 30 dias' },
  { chave: 'colheitaKgMes', titulo: 'Colheita no mês', anterior: 'nos mesmos dias do mês passado', decimais: true, unidade: ' kg' },
  { chave: 'postsSemana', titulo: 'Posts na semana', anterior: 'nos 7 dias anteriores' },
  { chave: 'denunciasAbertas', titulo: 'Denúncias abertas', anterior: 'ontem', menosEMelhor: true },
];

/** The dashboard's KPIs on /admin, each card with its own loading and error state. */
export function KpiCards() {
  const kpis = useKpis();
  return (
    <section aria-labelledby="indicadores" className="kpis">
      <h2 id="indicadores">Indicadores</h2>
      <ul className="kpi-grid">
        {cards.map((c) => (
          <li key={c.chave} className="card kpi-card" aria-busy={kpis.isPending || undefined}>
            <h3 className="kpi-title">{c.titulo}</h3>
            {kpis.isPending ? (
              <p className="kpi-loading" role="status">
                <Spinner size="sm" />
                <span className="visually-hidden">Carregando {c.titulo.toLowerCase()}...</span>
              </p>
            ) : kpis.isError ? (
              <div role="alert" className="kpi-error">
                <p>{errorMessage(kpis.error, 'Não foi possível carregar.')}</p>
                <button type="button" className="button button-secondary button-small" onClick={() => void kpis.refetch()}>
                  Tentar novamente
                </button>
              </div>
            ) : (
              <KpiValue ind={kpis.data[c.chave]} anterior={c.anterior} decimais={c.decimais} unidade={c.unidade} menosEMelhor={c.menosEMelhor} />
            )}
          </li>
        ))}
      </ul>
      {kpis.data && (
        <p className="stats-since">
          {kpis.data.dadosDesde ? `Dados desde ${formatDia(kpis.data.dadosDesde)}.` : 'Ainda não há dados: eles começam a contar com a próxima atividade.'}
        </p>
      )}
    </section>
  );
}

function KpiValue({ ind, anterior, decimais, unidade = '', menosEMelhor = false }: { ind: Indicador; anterior: string; decimais?: boolean; unidade?: string; menosEMelhor?: boolean }) {
  const v = variacao(ind.valor, ind.anterior);
  const tom = v.sentido === 'igual' ? 'igual' : (v.sentido === 'sobe') !== menosEMelhor ? 'bom' : 'ruim';
  return (
    <>
      <p className="kpi-value">
        {formatNumero(ind.valor, decimais)}
        {unidade}
      </p>
      <p className={`kpi-change kpi-${v.sentido}`} data-tom={tom}>
        <span aria-hidden="true">{v.sentido === 'sobe' ? '▲ ' : v.sentido === 'desce' ? '▼ ' : ''}</span>
        {v.texto} <span className="kpi-prev">vs. {anterior} ({formatNumero(ind.anterior, decimais)}{unidade})</span>
      </p>
    </>
  );
}
