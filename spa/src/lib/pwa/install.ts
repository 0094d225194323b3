import { registerSW } from 'virtual:pwa-register';

// The installable app's state on this page: a new version waiting (its service worker installed,
// held until the member says "atualizar"), and the browser's offer to install Verde
// (beforeinstallprompt, Chromium's; Safari has none: there "Adicionar à Tela de Início"). The
// worker is registered by lib/pwa/boot.tsx once the page has loaded.

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  updateReady: boolean;
  canInstall: boolean;
}

let state: PwaState = { updateReady: false, canInstall: false };
let offer: BeforeInstallPromptEvent | null = null;
let update: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function patch(next: Partial<PwaState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const pwaState = (): PwaState => state;

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How often an open page asks whether a new version was deployed (the browser also asks on each visit). */
const checkEveryMs = 60 * 60 * 1000;

export function startPwa(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the app offers it in its own words
    offer = event as BeforeInstallPromptEvent;
    patch({ canInstall: true });
  });
  addEventListener('appinstalled', () => {
    offer = null;
    patch({ canInstall: false });
  });
  if (!('serviceWorker' in navigator)) return;
  update = registerSW({
    immediate: true,
    onNeedRefresh: () => patch({ updateReady: true }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), checkEveryMs);
    },
  });
}

/** Shows the browser's install dialog; false when the member declined. */
export async function installApp(): Promise<boolean> {
  const event = offer;
  if (!event) return false;
  offer = null;
  patch({ canInstall: false });
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** Activates the waiting version and reloads the page with it. */
export function applyUpdate(): Promise<void> {
  return update?.(true) ?? Promise.resolve();
}
