import { useState, type FormEvent, type ReactNode } from 'react';
import { InputField } from '@/components/ui/fields';
import { QueryState } from '@/components/ui/query-states';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { sectionSpinner } from '@/features/mutiroes/components/list-item';
import { downloadRelatorioCSV, useRelatorio } from '@/features/mutiroes/api/mutiroes';
import { dataBrasilia, horasDecimal, kg } from '@/features/mutiroes/labels';
import { Figure, ImpactoToggle } from '@/features/mutiroes/components/impacto';
import type { Relatorio } from '@/types/api';
import '@/features/mutiroes/mutiroes.css';

/** This year from January to this month, in Brasília. */
export function defaultPeriod(now = new Date()): { de: string; ate: string } {
  const month = new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 7);
  return { de: `${month.slice(0, 4)}-01`, ate: month };
}

/** A column of a report table: its header, whether it holds numbers (right-aligned), and its cell for a row. */
interface Column<T> {
  label: string;
  num?: boolean;
  cell: (row: T) => ReactNode;
}

/** One table of the report: the first column heads each row; with no rows, one cell across says `empty`. */
function RelatorioTable<T>({
  caption,
  columns: [first, ...rest],
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: [Column<T>, ...Column<T>[]];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {[first, ...rest].map((c) => (
              <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={rest.length + 1} className="muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                <th scope="row">{first.cell(row)}</th>
                {rest.map((c) => (
                  <td key={c.label} className={c.num ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function KgTable({ caption, first, rows }: { caption: string; first: string; rows: { chave: string; nome: string; kg: number }[] }) {
  return (
    <RelatorioTable
      caption={caption}
      columns={[
        { label: first, cell: (r) => r.nome },
        { label: 'Kg', num: true, cell: (r) => formatNumber(r.kg, 3) },
      ]}
      rows={rows}
      rowKey={(r) => r.chave}
      empty="Nada no período."
    />
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
        <Figure value={kg(r.kg)}>colhidos</Figure>
        <Figure value={kg(r.porDestino.find((d) => d.chave === 'doado')?.kg ?? 0)}>doados</Figure>
        <Figure value={`${horasDecimal(r.minutos)} h`}>de trabalho voluntário</Figure>
        <Figure value={r.membrosAtivos}>{r.membrosAtivos === 1 ? 'membro ativo' : 'membros ativos'}</Figure>
        <Figure value={r.mutiroes.length}>{r.mutiroes.length === 1 ? 'mutirão realizado' : 'mutirões realizados'}</Figure>
        <Figure value={kg(r.partilhaKg)}>entregues pela partilha</Figure>
      </ul>
      <KgTable caption="Kg colhidos por destino" first="Destino" rows={r.porDestino} />
      <KgTable caption="Kg colhidos por hortaliça" first="Hortaliça" rows={r.porHortalica} />
      <KgTable caption="Kg colhidos por lote" first="Lote" rows={r.porLote} />
      <RelatorioTable
        caption="Por membro" rows={r.porMembro} rowKey={(m) => m.userId} empty="Nenhum membro ativo no período."
        columns={[
          { label: 'Membro', cell: (m) => m.nome },
          { label: 'Kg colhidos', num: true, cell: (m) => formatNumber(m.kg, 3) },
          { label: 'Colheitas', num: true, cell: (m) => m.colheitas },
          { label: 'Horas voluntárias', num: true, cell: (m) => horasDecimal(m.minutos) },
        ]}
      />
      <RelatorioTable
        caption="Horas voluntárias por atividade" rows={r.porAtividade} rowKey={(a) => a.chave} empty="Nenhuma hora registrada no período."
        columns={[
          { label: 'Atividade', cell: (a) => a.nome },
          { label: 'Horas', num: true, cell: (a) => horasDecimal(a.minutos) },
        ]}
      />
      <RelatorioTable
        caption="Mutirões realizados" rows={r.mutiroes} rowKey={(m) => m.id} empty="Nenhum mutirão com presença registrada no período."
        columns={[
          { label: 'Mutirão', cell: (m) => m.titulo },
          { label: 'Data', cell: (m) => dataBrasilia(m.inicio).split('-').reverse().join('/') },
          { label: 'Inscritos', num: true, cell: (m) => m.inscritos },
          { label: 'Presentes', num: true, cell: (m) => m.presentes },
          { label: 'Horas', num: true, cell: (m) => horasDecimal(m.minutos) },
        ]}
      />
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
      <QueryState query={report} loader={sectionSpinner} errorTitle="Não foi possível gerar o relatório">
        {(r) => <RelatorioBody r={r} />}
      </QueryState>
    </div>
  );
}
