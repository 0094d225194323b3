import { useState } from 'react';
import { BusyButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/errors';
import { fetchExport } from '@/features/account/api/account';
import '@/features/account/account.css';

/** "Baixar meus dados" (LGPD art. 18): the whole export as one JSON file. */
export function DataExportSection() {
  const [busy, setBusy] = useState(false);
  const [records, setRecords] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    setDone(null);
    setRecords(0);
    try {
      const data = await fetchExport(setRecords);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `verde-meus-dados-${data.geradoEm.slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const total = Object.values(data.secoes).reduce((n, s) => n + s.length, 0);
      setDone(`Arquivo gerado com ${total} ${total === 1 ? 'registro' : 'registros'}.`);
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível gerar o arquivo. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="config-dados">
      <h2 id="config-dados">Meus dados</h2>
      <p>
        Baixe um arquivo JSON com tudo o que o Verde guarda sobre você: perfil, grupos, pedidos, cultivos, diário,
        colheitas, publicações, comentários, curtidas, notificações, pontos e os links das suas fotos.
      </p>
      <div className="actions-row">
        <BusyButton className="button button-secondary" onClick={download} busy={busy} busyLabel="Preparando arquivo...">
          Baixar meus dados
        </BusyButton>
      </div>
      <p className="muted" role="status">
        {busy ? `${records} ${records === 1 ? 'registro lido' : 'registros lidos'}...` : done}
      </p>
      <p className="form-error" role="alert">
        {error}
      </p>
    </section>
  );
}
