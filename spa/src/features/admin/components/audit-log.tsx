import { useState } from 'react';
import { InputField, SelectField } from '@/components/ui/fields';
import { QueryState, LoadMore } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/format';
import { useAuditLog } from '@/features/admin/api/audit';
import type { AcaoAuditoria } from '@/types/api';
import '@/features/admin/admin.css';

// Every action the server records, in words: typed from the contract's AcaoAuditoria, so a new
// action that has no words here fails the type check.
const acaoLabel: Record<AcaoAuditoria, string> = {
  'regras.editadas': 'Regras editadas',
  'usuario.pontos': 'Pontos ajustados',
  'usuario.admin': 'Papel de administrador',
  'usuario.desativado': 'Conta desativada',
  'usuario.reativado': 'Conta reativada',
  'banner.criado': 'Banner criado',
  'banner.editado': 'Banner editado',
  'banner.excluido': 'Banner excluído',
  'vegetal.criado': 'Vegetal criado',
  'vegetal.editado': 'Vegetal editado',
  'vegetal.arquivado': 'Vegetal arquivado',
  'vegetal.restaurado': 'Vegetal restaurado',
  'guia.criado': 'Guia criado',
  'guia.editado': 'Guia editado',
  'guia.arquivado': 'Guia arquivado',
  'guia.restaurado': 'Guia restaurado',
  'dados.exportados': 'Dados exportados',
  'moderacao.manter': 'Denúncia: post mantido',
  'moderacao.remover': 'Denúncia: post removido',
  'moderacao.remover_avisar': 'Denúncia: post removido e autor avisado',
  'post.removido': 'Post removido',
};
const acoes = Object.entries(acaoLabel) as [AcaoAuditoria, string][];

/** The latest audit entries on /admin, filtered by admin, action and month; before/after on demand. */
export function AuditLog() {
  const [adminId, setAdminId] = useState('');
  const [acao, setAcao] = useState('');
  const [mes, setMes] = useState('');
  const log = useAuditLog(adminId, acao, mes);
  const items = log.data ?? [];
  const admins = new Map(items.map((e) => [e.adminId, e.adminNome || e.adminId]));
  return (
    <section aria-labelledby="auditoria" className="audit-log">
      <h2 id="auditoria">Últimas ações dos administradores</h2>
      <div className="users-search audit-filters">
        <SelectField label="Administrador" name="adminId" value={adminId} onChange={(e) => setAdminId(e.target.value)}>
          <option value="">Todos</option>
          {[...admins].map(([id, nome]) => (
            <option key={id} value={id}>
              {nome}
            </option>
          ))}
        </SelectField>
        <SelectField label="Ação" name="acao" value={acao} onChange={(e) => setAcao(e.target.value)}>
          <option value="">Todas</option>
          {acoes.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </SelectField>
        <InputField label="Mês" name="mes" type="month" value={mes} onChange={(e) => setMes(e.target.value)} />
      </div>
      <QueryState query={log} loader="Carregando auditoria..." errorTitle="Não foi possível carregar a auditoria" emptyTitle="Nenhuma ação registrada" emptyText="Nenhuma ação de administrador com esses filtros.">
        {() => (
          <ul className="admin-list" aria-label="Registro de auditoria">
            {items.map((e) => (
              <li key={e.id} className="card">
                <p className="audit-head">
                  <strong>{acaoLabel[e.acao] ?? e.acao}</strong> · {e.entidade} <code>{e.entidadeId}</code>
                </p>
                <p className="muted audit-meta">
                  {e.adminNome || e.adminId} · {formatDateTime(e.em)}
                </p>
                {(e.antes || e.depois) && (
                  <details>
                    <summary>Antes e depois</summary>
                    {e.antes && (
                      <>
                        <h3 className="audit-sub">Antes</h3>
                        <pre className="audit-json">{pretty(e.antes)}</pre>
                      </>
                    )}
                    {e.depois && (
                      <>
                        <h3 className="audit-sub">Depois</h3>
                        <pre className="audit-json">{pretty(e.depois)}</pre>
                      </>
                    )}
                  </details>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore hasNextPage={log.hasNextPage} isFetchingNextPage={log.isFetchingNextPage} fetchNextPage={log.fetchNextPage} />
    </section>
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}
