import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SelectField } from '@/components/ui/fields';
import { FailureAlert, LoadMore, QueryState } from '@/components/ui/query-states';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, plural } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { downloadUrl, useCreateExport, useExports, useRetryExport } from '@/features/admin-data/api/exports';
import { entidadeLabel, entidades, formatBytes, formatoLabel, statusLabel } from '@/features/admin-data/labels';
import type { Exportacao, ExportacaoInput } from '@/types/api';
import '@/features/admin-data/admin-data.css';

/** The export form and the recent exports, with a fresh download link per click. */
export function DataExports() {
  const [entidade, setEntidade] = useState('membros');
  const [formato, setFormato] = useState<'csv' | 'jsonl'>('csv');
  const create = useCreateExport();
  const list = useExports();
  const client = useQueryClient();
  const items = list.data ?? [];
  const running = items.some((e) => e.status === 'pendente' || e.status === 'processando');
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => void client.invalidateQueries({ queryKey: queryKeys.admin.exports }), 2000);
    return () => clearInterval(t);
  }, [running, client]);

  function submit(ev: FormEvent) {
    ev.preventDefault();
    create.mutate({ entidade: entidade as ExportacaoInput['entidade'], formato });
  }

  return (
    <section aria-labelledby="exportar" className="card data-section">
      <h2 id="exportar">Exportar dados</h2>
      <p className="muted">
        O arquivo é gerado em segundo plano; você recebe uma notificação quando ele estiver pronto. Os dados pessoais são só para
        administradores.
      </p>
      <form className="data-export-form" onSubmit={submit}>
        <SelectField label="Entidade" name="entidade" value={entidade} onChange={(e) => setEntidade(e.target.value)}>
          {entidades.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </SelectField>
        <SelectField label="Formato" name="formato" value={formato} onChange={(e) => setFormato(e.target.value as 'csv' | 'jsonl')}>
          <option value="csv">CSV (abre no Excel)</option>
          <option value="jsonl">JSON Lines</option>
        </SelectField>
        <SubmitButton busy={create.isPending} busyLabel="Iniciando...">
          Exportar
        </SubmitButton>
      </form>
      <FailureAlert result={create} fallback="Não foi possível iniciar a exportação." />
      <h3>Exportações recentes</h3>
      <QueryState query={list} loader="Carregando exportações..." errorTitle="Não foi possível carregar as exportações" emptyTitle="Nenhuma exportação ainda" emptyText="Escolha a entidade e o formato acima e clique em Exportar.">
        {() => (
          <ul className="admin-list" aria-label="Exportações recentes">
            {items.map((e) => (
              <ExportRow key={e.id} e={e} />
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </section>
  );
}

function ExportRow({ e }: { e: Exportacao }) {
  const retry = useRetryExport();
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  async function baixar() {
    setBusy(true);
    setErr(null);
    try {
      const d = await downloadUrl(e.id);
      window.location.assign(d.url);
    } catch (error) {
      setErr(errorMessage(error, 'Não foi possível baixar o arquivo.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="card data-export-row">
      <div>
        <p>
          <strong>{entidadeLabel[e.entidade] ?? e.entidade}</strong> · {formatoLabel[e.formato] ?? e.formato}
        </p>
        <p className="muted">
          {formatDateTime(e.criadoEm)} · <span className={`data-status data-status-${e.status}`}>{statusLabel[e.status] ?? e.status}</span>
          {e.status === 'pronto' && (
            <>
              {' '}
              · {plural(e.linhas, 'linha', 'linhas')} · {formatBytes(e.bytes)}
            </>
          )}
          {e.status === 'erro' && e.erro && <> · {e.erro}</>}
        </p>
        {err && (
          <p role="alert" className="form-error">
            {err}
          </p>
        )}
        <FailureAlert result={retry} fallback="Não foi possível tentar de novo." />
      </div>
      {e.status === 'erro' && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => retry.mutate(e.id)}
          disabled={retry.isPending}
          aria-busy={retry.isPending || undefined}
        >
          {retry.isPending ? 'Reiniciando...' : 'Tentar de novo'}
        </button>
      )}
      {e.status === 'pronto' && (
        <button type="button" className="button button-secondary" onClick={() => void baixar()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Preparando...' : 'Baixar'}
        </button>
      )}
    </li>
  );
}
