import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPopupCallback, relayPopupCallback } from '@/lib/auth/google-popup';
import { loadConfig } from '@/lib/config';
import { loadAmplify, mayHaveSession } from '@/lib/auth/amplify-loader';
import { storedUser } from '@/lib/auth/stored-session';
import { whenIdle } from '@/lib/idle';
import { App } from '@/app/app';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';
import '@/styles/shell.css';

// The page's preload script (an async script: it may run before or after this module) starts the
// landing route's first API reads only while the app has not started (vite.config.ts).
(window as { __verdeAppStarted?: boolean }).__verdeAppStarted = true;

const container = document.getElementById('root')!;

async function start() {
  // The Google popup landed back here: hand the result to the window that opened it and stop.
  if (isPopupCallback()) {
    container.textContent = 'Concluindo login com Google...';
    relayPopupCallback();
    return;
  }
  const root = createRoot(container);
  try {
    await loadConfig();
    // A stored session or a Google redirect coming back: Amplify is needed before anything else
    // (fetched alongside the route's chunk), unless the stored tokens are enough for now
    // (lib/auth/stored-session.ts): then once the page is drawn and the browser idle, for the
    // refresh that comes later. Otherwise the visitor is signed out and it waits.
    const load = () => void loadAmplify().catch((error: unknown) => console.error('Erro ao carregar o login:', error));
    if (mayHaveSession()) {
      if (storedUser()) whenIdle(load);
      else load();
    }
  } catch (error) {
    console.error('Erro ao carregar a configuração:', error);
    root.render(
      <div className="boot-error" role="alert">
        <p>Não foi possível carregar o Verde. Verifique sua conexão e recarregue a página.</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Recarregar
        </button>
      </div>,
    );
    return;
  }
  // A transition: React renders the first page in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that blocks a phone's main thread.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
