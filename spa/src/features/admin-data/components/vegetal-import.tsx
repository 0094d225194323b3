import { useState, type ChangeEvent, type FormEvent } from 'react';
import { FailureAlert } from '@/components/ui/query-states';
import { TextAreaField } from '@/components/ui/fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { plural } from '@/lib/format';
import { useImportVegetais } from '@/features/admin-data/api/import';
import type { ImportacaoVegetais } from '@/types/api';
import '@/features/admin-data/admin-data.css';

const columns = 'especie,sul,sudeste,nordeste,centro_oeste,norte,inicio_colheita_dias_apos_plantio';
const maxBytes = 1 << 20;

/** The vegetable CSV import: a dry run lists every bad row by line and field, then Importar writes the good rows. */
export function VegetalImport() {
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ csv: string; report: ImportacaoVegetais } | null>(null);
  const [imported, setImported] = useState<ImportacaoVegetais | null>(null);
  const run = useImportVegetais();

  function change(text: string) {
    setCsv(text);
    setImported(null);
    run.reset();
  }

  async function pick(ev: ChangeEvent<HTMLInputElement>) {
    const file = ev.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > maxBytes) {
      setFileError('O arquivo deve ter no máximo 1 MB');
      return;
    }
    change(await file.text());
  }

  function validate(ev: FormEvent) {
    ev.preventDefault();
    setImported(null);
    run.mutate({ csv, dryRun: true }, { onSuccess: (report) => setChecked({ csv, report }) });
  }

  function confirm() {
    run.mutate({ csv, dryRun: false }, { onSuccess: (report) => setImported(report) });
  }

  const report = checked?.csv === csv ? checked.report : null;
  const canImport = report !== null && report.novos.length + report.alterados.length > 0 && !imported;
  return (
    <section aria-labelledby="importar" className="card data-section">
      <h2 id="importar">Importar vegetais (CSV)</h2>
      <p className="muted">
        Colunas obrigatórias, as da tabela do catálogo: <code>{columns}</code>. Opcionais: <code>estacao, metodo, nomeCientifico, familia, espacamento,
        profundidade, sol, rega, cuidados, companheiras, fonte</code>. Até 500 linhas e 1 MB. Um vegetal com o mesmo nome é atualizado.
      </p>
      <dl className="import-syntax" aria-label="Como preencher">
        <div>
          <dt>Meses de semeadura (colunas sul, sudeste, nordeste, centro_oeste, norte)</dt>
          <dd>
            <code>*</code> não recomendado; <code>ANO TODO</code>; um mês, como <code>MAR.</code>; ou o primeiro e o último mês, como <code>OUT./FEV.</code>{' '}
            (de outubro a fevereiro, passando por dezembro).
          </dd>
        </div>
        <div>
          <dt>Dias até a colheita (inicio_colheita_dias_apos_plantio)</dt>
          <dd>
            Um número, como <code>60</code>, ou um intervalo, como <code>60-80</code>.
          </dd>
        </div>
        <div>
          <dt>Opcionais</dt>
          <dd>
            <code>metodo</code>: semente, muda, ambos ou vazio; <code>companheiras</code> separadas por <code>;</code>. Linhas que começam com <code>#</code> são comentários.
          </dd>
        </div>
      </dl>
      <p>
        <a href="/modelos/vegetais-exemplo.csv" download="vegetais-exemplo.csv">
          Baixar arquivo de exemplo (CSV)
        </a>
      </p>
      <form onSubmit={validate} className="data-import-form">
        <label className="field">
          <span className="field-label">Arquivo CSV</span>
          <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e)} />
        </label>
        {fileError && (
          <p role="alert" className="form-error">
            {fileError}
          </p>
        )}
        <TextAreaField label="Ou cole o conteúdo" name="csv" rows={6} value={csv} onChange={(e) => change(e.target.value)} spellCheck={false} />
        <div className="actions-row">
          <SubmitButton busy={run.isPending && run.variables?.dryRun === true} busyLabel="Validando..." disabled={!csv.trim() || run.isPending}>
            Validar (sem gravar)
          </SubmitButton>
          <button type="button" className="button button-primary" onClick={confirm} disabled={!canImport || run.isPending} aria-busy={(run.isPending && !run.variables?.dryRun) || undefined}>
            {run.isPending && !run.variables?.dryRun ? 'Importando...' : 'Importar'}
          </button>
        </div>
      </form>
      <FailureAlert result={run} fallback="Não foi possível ler o arquivo." />
      {imported ? <Report report={imported} /> : report && <Report report={report} />}
    </section>
  );
}

function Report({ report }: { report: ImportacaoVegetais }) {
  const done = report.gravado;
  return (
    <div className="data-report" role="status" aria-live="polite">
      <h3>{done ? 'Importação concluída' : 'Resultado da validação (nada foi gravado)'}</h3>
      <p>
        {plural(report.linhas, 'linha lida', 'linhas lidas')} · {plural(report.novos.length, done ? 'vegetal criado' : 'vegetal novo', done ? 'vegetais criados' : 'vegetais novos')} ·{' '}
        {plural(report.alterados.length, done ? 'atualizado' : 'a atualizar', done ? 'atualizados' : 'a atualizar')} · {plural(report.iguais, 'sem mudança', 'sem mudança')}{' '}
        · {plural(report.problemas.length, 'linha com erro', 'linhas com erro')}
      </p>
      {report.problemas.length > 0 && (
        <div className="data-table-wrap">
          <table className="data-table">
            <caption>{done ? 'Linhas não importadas' : 'Linhas com erro'}</caption>
            <thead>
              <tr>
                <th scope="col">Linha</th>
                <th scope="col">Campo</th>
                <th scope="col">Problema</th>
              </tr>
            </thead>
            <tbody>
              {report.problemas.map((p) => (
                <tr key={`${p.linha}-${p.campo}`}>
                  <td>{p.linha}</td>
                  <td>
                    <code>{p.campo}</code>
                  </td>
                  <td>{p.mensagem}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.novos.length + report.alterados.length > 0 && (
        <details>
          <summary>Vegetais {done ? 'gravados' : 'a gravar'}</summary>
          <ul>
            {[...report.novos.map((n) => `${n} (novo)`), ...report.alterados.map((n) => `${n} (atualizado)`)].map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
