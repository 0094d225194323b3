import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { Avatar } from '@/components/ui/avatar';
import { mediaUrl } from '@/lib/media';

describe('PhotoPicker', () => {
  it('is a labelled, focusable file input that refuses a file that is not a photo in Portuguese', async () => {
    const onChange = vi.fn();
    render(<PhotoPicker label="Fotos (opcional)" purpose="diario" max={4} value={[]} onChange={onChange} />);
    const input = screen.getByLabelText('Fotos (opcional)');
    await userEvent.tab();
    expect(input).toHaveFocus();
    await userEvent.upload(input, new File(['oi'], 'notas.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha uma foto (JPEG, PNG ou WebP).');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the chosen photos with alt text and removes one, and offers no more past the maximum', async () => {
    const onChange = vi.fn();
    const keys = ['fotos/u1/diario/a.jpg', 'fotos/u1/diario/b.jpg'];
    render(<PhotoPicker label="Fotos" purpose="diario" max={2} value={keys} onChange={onChange} alt="Foto do diário" />);
    expect(screen.getByRole('img', { name: 'Foto do diário 1' })).toHaveAttribute('src', '/media/fotos/u1/diario/a.jpg');
    expect(screen.queryByLabelText('Fotos')).toBeNull(); // two of two: no file input
    await userEvent.click(screen.getByRole('button', { name: 'Remover foto 2' }));
    expect(onChange).toHaveBeenCalledWith(['fotos/u1/diario/a.jpg']);
  });
});

describe('mediaUrl', () => {
  it('serves uploaded keys from /media and keeps https addresses', () => {
    expect(mediaUrl('fotos/u/perfil/x.webp')).toBe('/media/fotos/u/perfil/x.webp');
    expect(mediaUrl('https://lh3.googleusercontent.com/a')).toBe('https://lh3.googleusercontent.com/a');
    render(<Avatar name="Ana" photo="fotos/u/perfil/x.jpg" />);
    expect(document.querySelector('img.avatar')).toHaveAttribute('src', '/media/fotos/u/perfil/x.jpg');
  });
});
