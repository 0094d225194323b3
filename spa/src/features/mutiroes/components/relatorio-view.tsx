import { useState, type FormEvent } from 'react';
import { InputField } from '@/components/ui/fields';
import { ErrorState } from '@/components/ui/query-states';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { downloadRelatorioCSV, useRelatorio } from '@/features/mutiroes/api/mutiroes';
import { dataBrasilia, horasDecimal, kg } from '@/features/mutiroes/labels';
import { ImpactoToggle } from '@/features/mutiroes/components/impacto';
import type { Relatorio } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

/** This year from January to this month, in Brasília. */
export function defaultPeriod(now = new Date()): { de: string; ate: string } {
  const month = new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 7);
  return { de: `${month.slice(0, 4)}-01`, ate: month };
}

function KgTable({ caption, first, rows }: { caption: string; first: string; rows: { chave: string; nome: string; kg: number }[] }) {
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="num">
              Kg
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="muted">
                Nada no período.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.chave}>
                <th scope="row">{r.nome}</th>
                <td className="num">{formatNumber(r.kg, 3)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function RelatorioBody({ r }: { r: Relatorio }) {
  return (
    <>
      <div className="report-print-head">
        <h2>
          {r.grupo.nome}: relatório de {r.periodoTexto}
        </h2>
        <p>Gerado pelo Verde em {dataBrasilia(new Date().toISOString()).split('-').reverse().join('/')}.</p>
      </div>
      <ul className="report-figures" aria-label="Resumo do período">
        <li>
          <strong>{kg(r.kg)}</strong> colhidos
        </li>
        <li>
          <strong>{kg(r.porDestino.find((d) => d.chave === 'doado')?.kg ?? 0)}</strong> doados
        </li>
        <li>
          <strong>{horasDecimal(r.minutos)} h</strong> de trabalho voluntário
        </li>
        <li>
          <strong>{r.membrosAtivos}</strong> {r.membrosAtivos === 1 ? 'membro ativo' : 'membros ativos'}
        </li>
        <li>
          <strong>{r.mutiroes.length}</strong> {r.mutiroes.length === 1 ? 'mutirão realizado' : 'mutirões realizados'}
        </li>
        <li>
          <strong>{kg(r.partilhaKg)}</strong> entregues pela partilha
        </li>
      </ul>
      <KgTable caption="Kg colhidos por destino" first="Destino" rows={r.porDestino} />
      <KgTable caption="Kg colhidos por hortaliça" first="Hortaliça" rows={r.porHortalica} />
      <KgTable caption="Kg colhidos por lote" first="Lote" rows={r.porLote} />
      <div className="report-table-wrap">
        <table className="report-table">
          <caption>Por membro</caption>
          <thead>
            <tr>
              <th scope="col">Membro</th>
              <th scope="col" className="num">
                Kg colhidos
              </th>
              <th scope="col" className="num">
                Colheitas
              </th>
              <th scope="col" className="num">
                Horas voluntárias
              </th>
            </tr>
          </thead>
          <tbody>
            {r.porMembro.length === 0 ? (
              <tr>
                <td colSpan={4} className="muted">
                  Nenhum membro ativo no período.
                </td>
              </tr>
            ) : (
              r.porMembro.map((m) => (
                <tr key={m.userId}>
                  <th scope="row">{m.nome}</th>
                  <td className="num">{formatNumber(m.kg, 3)}</td>
                  <td className="num">{m.colheitas}</td>
                  <td className="num">{horasDecimal(m.minutos)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="report-table-wrap">
        <table className="report-table">
          <caption>Horas voluntárias por atividade</caption>
          <thead>
            <tr>
              <th scope="col">Atividade</th>
              <th scope="col" className="num">
                Horas
              </th>
            </tr>
          </thead>
          <tbody>
            {r.porAtividade.length === 0 ? (
              <tr>
                <td colSpan={2} className="muted">
                  Nenhuma hora registrada no período.
                </td>
              </tr>
            ) : (
              r.porAtividade.map((a) => (
                <tr key={a.chave}>
                  <th scope="row">{a.nome}</th>
                  <td className="num">{horasDecimal(a.minutos)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="report-table-wrap">
        <table className="report-table">
          <caption>Mutirões realizados</caption>
          <thead>
            <tr>
              <th scope="col">Mutirão</th>
              <th scope="col">Data</th>
              <th scope="col" className="num">
                Inscritos
              </th>
              <th scope="col" className="num">
                Presentes
              </th>
              <th scope="col" className="num">
                Horas
              </th>
            </tr>
          </thead>
          <tbody>
            {r.mutiroes.length === 0 ? (
              <tr>
                <td colSpan={5} className="muted">
                  Nenhum mutirão com presença registrada no período.
                </td>
              </tr>
            ) : (
              r.mutiroes.map((m) => (
                <tr key={m.id}>
                  <th scope="row">{m.titulo}</th>
                  <td>{dataBrasilia(m.inicio).split('-').reverse().join('/')}</td>
                  <td className="num">{m.inscritos}</td>
                  <td className="num">{m.presentes}</td>
                  <td className="num">{horasDecimal(m.minutos)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The coordinator's report: a period of months, its figures and tables, CSV and print. */
export function RelatorioView({ groupId, isOwner }: { groupId: string; isOwner: boolean }) {
  const [period, setPeriod] = useState(defaultPeriod);
  const [draft, setDraft] = useState(period);
  const [fileError, setFileError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const report = useRelatorio(groupId, period.de, period.ate);
  const badRange = !draft.de || !draft.ate || draft.ate < draft.de;

  function apply(e: FormEvent) {
    e.preventDefault();
    if (!badRange) setPeriod(draft);
  }

  async function csv() {
    setFileError(null);
    setDownloading(true);
    try {
      await downloadRelatorioCSV(groupId, period.de, period.ate);
    } catch (err) {
      setFileError(errorMessage(err, 'Não foi possível baixar a planilha.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="report-page">
      <form className="report-period" onSubmit={apply} noValidate>
        <InputField label="De (mês)" name="de" type="month" value={draft.de} onChange={(e) => setDraft((d) => ({ ...d, de: e.target.value }))} />
        <InputField
          label="Até (mês)"
          name="ate"
          type="month"
          value={draft.ate}
          onChange={(e) => setDraft((d) => ({ ...d, ate: e.target.value }))}
          error={badRange ? 'O mês final deve ser igual ou posterior ao inicial' : null}
        />
        <button type="submit" className="button button-secondary" disabled={badRange}>
          Ver período
        </button>
      </form>
      <p className="button-row report-no-print">
        <button type="button" className="button button-primary" onClick={() => void csv()} disabled={downloading || !report.isSuccess} aria-busy={downloading || undefined}>
          Baixar planilha (CSV)
        </button>
        <button type="button" className="button button-secondary" onClick={() => window.print()} disabled={!report.isSuccess}>
          Imprimir ou salvar em PDF
        </button>
      </p>
      <p className="form-error" role="alert">
        {fileError}
      </p>
      {isOwner && <ImpactoToggle groupId={groupId} />}
      {report.isPending ? (
        <div className="section-loader">
          <Spinner />
        </div>
      ) : report.isError ? (
        <ErrorState title="Não foi possível gerar o relatório" error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <RelatorioBody r={report.data} />
      )}
    </div>
  );
}
