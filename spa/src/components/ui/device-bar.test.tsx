import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAllStores } from '@/testing/idb-keyval-memory';
import { json, stubApi } from '@/testing/test-utils';
import { DeviceBar } from '@/components/ui/device-bar';
import { enqueue, setQueueUser, syncQueue } from '@/lib/offline/queue';
import { startPwa } from '@/lib/pwa/install';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));
const pwa = vi.hoisted(() => ({
  registerSW: vi.fn<(options: { onNeedRefresh?: () => void }) => (reload?: boolean) => Promise<void>>(),
  updateSW: vi.fn<(reload?: boolean) => Promise<void>>(),
}));
vi.mock('virtual:pwa-register', () => ({ registerSW: pwa.registerSW }));

let online = true;
const dismissKey = 'verde-instalar-dispensado';

beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  pwa.registerSW.mockImplementation(() => pwa.updateSW);
  startPwa();
});

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  pwa.updateSW.mockReset().mockResolvedValue(undefined);
  localStorage.clear();
  clearAllStores();
  await setQueueUser('user-1');
});

/** The browser's offer to install (Chromium's beforeinstallprompt), with its prompt() spied on. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    dispatchEvent(event);
  });
  return event;
}

function setOnline(next: boolean) {
  online = next;
  act(() => {
    dispatchEvent(new Event(next ? 'online' : 'offline'));
  });
}

async function queueOffline(key: string, texto: string) {
  const was = online;
  online = false;
  await act(() => enqueue({ path: '/cultivos/c1/diario', body: { tipo: 'observacao', texto }, key, kind: 'diario', cultivoId: 'c1', label: 'Alface' }));
  online = was;
}

describe('install prompt', () => {
  it('offers "Instalar o Verde" when the browser does, and opens the browser\'s dialog', async () => {
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    render(<DeviceBar signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Instalar o Verde' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Used once: the browser offers it again if it wants to.
    expect(screen.queryByRole('button', { name: 'Instalar o Verde' })).not.toBeInTheDocument();
  });

  it('says nothing when the browser makes no offer, or to a visitor signed out', () => {
    const { unmount } = render(<DeviceBar signedIn />);
    expect(screen.queryByRole('button', { name: 'Instalar o Verde' })).not.toBeInTheDocument();
    unmount();
    offerInstall();
    render(<DeviceBar signedIn={false} />);
    expect(screen.queryByRole('button', { name: 'Instalar o Verde' })).not.toBeInTheDocument();
  });

  it('"Agora não" hides the offer, and it stays hidden on the next visit', async () => {
    offerInstall();
    const { unmount } = render(<DeviceBar signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Agora não' }));
    expect(screen.queryByRole('button', { name: 'Instalar o Verde' })).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(dismissKey))).toBeGreaterThan(0);
    unmount();
    render(<DeviceBar signedIn />);
    expect(screen.queryByRole('button', { name: 'Instalar o Verde' })).not.toBeInTheDocument();
  });

  it('an installed app hides the offer', () => {
    offerInstall();
    render(<DeviceBar signedIn />);
    expect(screen.getByRole('button', { name: 'Instalar o Verde' })).toBeInTheDocument();
    act(() => {
      dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Instalar o Verde' })).not.toBeInTheDocument();
  });
});

describe('update prompt', () => {
  it('registers the worker asking before a new version takes over, and "atualizar" applies it', async () => {
    expect(pwa.registerSW).toHaveBeenCalledWith(expect.objectContaining({ immediate: true, onNeedRefresh: expect.any(Function) }));
    render(<DeviceBar signedIn={false} />);
    expect(screen.queryByRole('button', { name: /Nova versão disponível/ })).not.toBeInTheDocument();

    act(() => pwa.registerSW.mock.calls[0]![0].onNeedRefresh!());
    const button = screen.getByRole('button', { name: 'Nova versão disponível — atualizar' });
    await userEvent.click(button);
    expect(pwa.updateSW).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Atualizando...' })).toBeDisabled();
  });
});

describe('connection and queue', () => {
  it('says "Sem conexão" while offline, and nothing once the connection is back', () => {
    render(<DeviceBar signedIn />);
    expect(screen.queryByText('Sem conexão.')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByText('Sem conexão.')).toBeInTheDocument();
    setOnline(true);
    expect(screen.queryByText('Sem conexão.')).not.toBeInTheDocument();
  });

  it('counts what waits for the connection, and lists it', async () => {
    render(<DeviceBar signedIn />);
    setOnline(false);
    await queueOffline('k-1', 'Brotou');
    await queueOffline('k-2', 'Podei');
    expect(screen.getByText('2 registros aguardando conexão')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ver fila' }));
    const dialog = screen.getByRole('dialog', { name: 'Fila de envio' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Diário: Alface.*Brotou.*Aguardando conexão$/),
      expect.stringMatching(/^Diário: Alface.*Podei.*Aguardando conexão$/),
    ]);
  });

  it('shows a refusal on its item with what to do; "Descartar" takes it off', async () => {
    stubApi({ 'POST /api/cultivos/c1/diario': () => json({ error: { code: 'conflict', message: 'Este cultivo está arquivado' } }, 409) });
    render(<DeviceBar signedIn />);
    await queueOffline('k-1', 'Brotou');
    await act(() => syncQueue());
    expect(screen.getByText('1 registro não aceito: veja o que fazer')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ver fila' }));
    const dialog = screen.getByRole('dialog', { name: 'Fila de envio' });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Não foi aceito: Este cultivo está arquivado');
    expect(alert).toHaveTextContent(/reative-o e envie de novo, ou descarte o registro/);
    expect(within(alert).getByRole('button', { name: 'Tentar de novo' })).toBeEnabled();

    await userEvent.click(within(alert).getByRole('button', { name: 'Descartar' }));
    expect(await within(dialog).findByText('A fila está vazia: tudo foi enviado.')).toBeInTheDocument();
  });
});
