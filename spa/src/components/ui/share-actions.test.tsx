import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShareActions } from '@/components/ui/share-actions';
import { whatsappLink } from '@/components/ui/share';

const url = 'https://verde.example/convite/abc';
const props = { url, title: 'Convite para Horta da Vila', text: 'Venha cultivar com a gente no grupo "Horta da Vila":' };

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('whatsappLink', () => {
  it('opens WhatsApp with the text and the link as one message, encoded', () => {
    expect(whatsappLink('Colhi 2 kg & feliz!', url)).toBe(`https://wa.me/?text=${encodeURIComponent(`Colhi 2 kg & feliz! ${url}`)}`);
    expect(new URL(whatsappLink('Olá, horta!', url)).searchParams.get('text')).toBe(`Olá, horta! ${url}`);
  });
});

describe('ShareActions', () => {
  it('offers WhatsApp with the Portuguese message, in a new tab', () => {
    render(<ShareActions {...props} />);
    const link = screen.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const text = new URL(link.getAttribute('href')!).searchParams.get('text');
    expect(text).toBe(`Venha cultivar com a gente no grupo "Horta da Vila": ${url}`);
  });

  it('copies the link and says so', async () => {
    const user = userEvent.setup();
    render(<ShareActions {...props} />);
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    expect(screen.getByRole('status')).toHaveTextContent('Link copiado!');
  });

  it('no share sheet, no "Compartilhar" button', () => {
    render(<ShareActions {...props} />);
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument();
  });

  it('opens the share sheet where there is one; closing it says nothing', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareActions {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(share).toHaveBeenCalledWith({ title: props.title, text: props.text, url });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a share sheet the browser refuses points to the other ways', async () => {
    Object.defineProperty(navigator, 'share', { value: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))), configurable: true });
    render(<ShareActions {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(screen.getByRole('status')).toHaveTextContent('use o WhatsApp ou copie o link');
  });
});
