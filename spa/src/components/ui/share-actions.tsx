import { useState } from 'react';
import { canShareNatively, shareNatively, whatsappLink } from '@/components/ui/share';
import '@/components/ui/share-actions.css';

/**
 * How a link leaves Verde: the phone's share sheet where there is one, WhatsApp (wa.me, with the
 * message in Portuguese), and "Copiar link", whose result is read out.
 */
export function ShareActions({ url, title, text }: { url: string; title: string; text: string }) {
  const [status, setStatus] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copiado!');
    } catch {
      setStatus('Não foi possível copiar: selecione o link e copie.');
    }
  }
  async function share() {
    const result = await shareNatively({ title, text, url });
    setStatus(result === 'erro' ? 'Não foi possível abrir o compartilhamento: use o WhatsApp ou copie o link.' : '');
  }
  return (
    <span className="share-actions">
      {canShareNatively() && (
        <button type="button" className="button button-secondary button-small" onClick={() => void share()}>
          Compartilhar
        </button>
      )}
      <a
        className="button button-secondary button-small"
        href={whatsappLink(text, url)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Enviar pelo WhatsApp"
      >
        WhatsApp
      </a>
      <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
        Copiar link
      </button>
      <span className="share-status" role="status">
        {status}
      </span>
    </span>
  );
}
