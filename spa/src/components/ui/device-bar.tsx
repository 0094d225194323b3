import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { applyUpdate, installApp } from '@/lib/pwa/install';
import { QueueList } from '@/components/ui/queue-list';
import { useOnline, usePwa, useQueue } from '@/lib/offline/hooks';
import '@/components/ui/device-bar.css';

const dismissKey = 'verde-instalar-dispensado';
/** "Agora não" hides the install offer for this long. */
const dismissMs = 30 * 24 * 3600 * 1000;

function dismissedRecently(): boolean {
  const at = Number(localStorage.getItem(dismissKey) ?? 0);
  return Date.now() - at < dismissMs;
}

const registros = (n: number) => (n === 1 ? '1 registro' : `${n} registros`);

/**
 * The page's foot keeps room for the bar while it shows something (the --device-bar-space the body
 * pads with, device-bar.css): the end of a page, a form's last button, scrolls clear of it
 * instead of staying under it.
 */
function useReservedSpace(bar: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const fit = () => {
      const height = el.childElementCount > 0 ? el.getBoundingClientRect().height : 0;
      if (height > 0) root.style.setProperty('--device-bar-space', `${Math.ceil(height) + 16}px`);
      else root.style.removeProperty('--device-bar-space');
    };
    fit();
    // The bar's height changes as notes come and go (empty, it is display: none).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : undefined;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--device-bar-space');
    };
  }, [bar]);
}

/**
 * The device's news, at the foot of every page: "Sem conexão" while offline, the queue of what
 * was written offline (with its list), "Nova versão disponível — atualizar" when a deploy landed,
 * and "Instalar o Verde" where the browser offers it. Nothing when there is nothing to say.
 */
export function DeviceBar({ signedIn }: { signedIn: boolean }) {
  const online = useOnline();
  const { items, sending } = useQueue();
  const pwa = usePwa();
  const [showQueue, setShowQueue] = useState(false);
  const [installHidden, setInstallHidden] = useState(dismissedRecently);
  const [updating, setUpdating] = useState(false);
  const refused = items.filter((i) => i.refusal).length;
  const waiting = items.length - refused;
  const offerInstall = pwa.canInstall && signedIn && !installHidden;
  const bar = useRef<HTMLDivElement>(null);
  useReservedSpace(bar);

  return (
    <div ref={bar} className="device-bar" role="region" aria-label="Conexão e aplicativo">
      {!online && (
        <p className="device-note device-offline" role="status">
          <strong>Sem conexão.</strong> Você vê os dados salvos neste aparelho; o que registrar fica na fila e será enviado quando a conexão voltar.
        </p>
      )}
      {items.length > 0 && (
        <div className="device-note device-queue" role="status">
          <span>
            {waiting > 0 && (sending ? `Enviando ${registros(waiting)}...` : `${registros(waiting)} ${online ? 'aguardando envio' : 'aguardando conexão'}`)}
            {waiting > 0 && refused > 0 && ' · '}
            {refused > 0 && `${registros(refused)} não ${refused === 1 ? 'aceito' : 'aceitos'}: veja o que fazer`}
          </span>
          <button type="button" className="button button-secondary button-small" onClick={() => setShowQueue(true)}>
            Ver fila
          </button>
        </div>
      )}
      {pwa.updateReady && (
        <div className="device-note">
          <button
            type="button"
            className="button button-primary button-small device-update"
            disabled={updating}
            onClick={() => {
              setUpdating(true);
              void applyUpdate();
            }}
          >
            {updating ? 'Atualizando...' : 'Nova versão disponível — atualizar'}
          </button>
        </div>
      )}
      {offerInstall && (
        <div className="device-note device-install">
          <span>Use o Verde como aplicativo, direto da tela inicial, mesmo sem sinal na horta.</span>
          <span className="button-row">
            <button type="button" className="button button-primary button-small" onClick={() => void installApp()}>
              Instalar o Verde
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => {
                localStorage.setItem(dismissKey, String(Date.now()));
                setInstallHidden(true);
              }}
            >
              Agora não
            </button>
          </span>
        </div>
      )}
      {showQueue && (
        <Dialog title="Fila de envio" onClose={() => setShowQueue(false)}>
          <p className="muted">
            O que você registrou sem conexão é enviado nesta ordem assim que a conexão voltar, uma vez só.
          </p>
          <QueueList />
          {items.length === 0 && <p>A fila está vazia: tudo foi enviado.</p>}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setShowQueue(false)}>
              Fechar
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
