import { Link } from 'react-router-dom';
import { SectionLoader } from '@/components/ui/query-states';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import { cultivoHref, FaseTag } from '@/features/cultivos/components/cultivo-card';
import type { CultivoPage } from '@/types/api';
import '@/features/cultivos/cultivos.css';

/**
 * The growing cultivos on one lote, each a link, and a way to start one there: read from the
 * group's growing cultivos (one page of 100; the lote's count says when there are more).
 */
export function LoteCultivos({ groupId, codigo, total, canStart }: { groupId: string; codigo: string; total: number; canStart: boolean }) {
  const query = useQuery({
    queryKey: [...queryKeys.cultivos.group(groupId, { fase: '', grupo: '', ativos: true }), 'lote-dialog'],
    queryFn: () => api.get<CultivoPage>(`/groups/${enc(groupId)}/cultivos${queryString({ ativos: 'true', limit: 100 })}`),
  });
  const here = (query.data?.items ?? []).filter((c) => c.loteCodigo === codigo);
  return (
    <div className="dialog-section">
      <h3>Cultivos neste lote</h3>
      {query.isPending && <SectionLoader label="Carregando cultivos..." />}
      {query.data && here.length === 0 && <p className="muted">Nenhum cultivo em andamento neste lote.</p>}
      {here.length > 0 && (
        <ul>
          {here.map((c) => (
            <li key={c.id}>
              <Link to={cultivoHref(c)}>{c.vegetalNome}</Link> · {c.responsavelNome} <FaseTag fase={c.fase} />
            </li>
          ))}
        </ul>
      )}
      {query.data && total > here.length && <p className="muted">E mais {total - here.length} no lote.</p>}
      {canStart && (
        <p>
          <Link className="button button-secondary button-small" to={`/cultivos?novo=&grupo=${encodeURIComponent(groupId)}&lote=${encodeURIComponent(codigo)}`}>
            Novo cultivo neste lote
          </Link>
        </p>
      )}
    </div>
  );
}
