import type { TotaisEntidades } from '@/types/api';
import { QueryState } from '@/components/ui/query-states';
import { useTotais } from '@/features/admin-stats/api/stats';
import { formatDia, formatNumero } from '@/features/admin-stats/stats-format';
import '@/features/admin-stats/admin-stats.css';

const linhas: { chave: Exclude<keyof TotaisEntidades, 'dadosDesde'>; rotulo: string; decimais?: boolean; unidade?: string }[] = [
  { chave: 'membros', rotulo: 'Membros' },
  { chave: 'grupos', rotulo: 'Grupos' },
  { chave: 'lotes', rotulo: 'Lotes' },
  { chave: 'cultivos', rotulo: 'Cultivos' },
  { chave: 'cultivosAtivos', rotulo: 'Cultivos ativos' },
  { chave: 'colheitas', rotulo: 'Colheitas' },
  { chave: 'colheitaKg', rotulo: 'Colhido', decimais: true, unidade: ' kg' },
  { chave: 'posts', rotulo: 'Posts' },
  { chave: 'comentarios', rotulo: 'Comentários' },
  { chave: 'denunciasAbertas', rotulo: 'Denúncias abertas' },
];

/** /admin/dados' counts per entity, kept by the acts themselves (GET /api/admin/totais). */
export function EntityCounts() {
  const totais = useTotais();
  return (
    <section aria-labelledby="contagens" className="entity-counts">
      <h2 id="contagens">Contagens</h2>
      <QueryState query={totais} loader="Carregando contagens..." errorTitle="Não foi possível carregar as contagens">
        {(data) => (
          <>
            <dl className="entity-grid">
              {linhas.map((l) => (
                <div key={l.chave} className="card entity-count">
                  <dt>{l.rotulo}</dt>
                  <dd>
                    {formatNumero(data[l.chave], l.decimais)}
                    {l.unidade}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="stats-since">
              {data.dadosDesde
                ? `Contagens mantidas pelas próprias ações desde ${formatDia(data.dadosDesde)}: o que existia antes não está incluído.`
                : 'Ainda não há contagens: elas começam com a próxima atividade.'}
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
