import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { Avatar } from '@/components/ui/avatar';
import { Photo } from '@/components/ui/photo';
import { mediaUrl, photoVariants } from '@/lib/media';

const id = '0b6f1a9e-8f1c-4c1e-9a57-3c2d1e0f4a5b';
const dir = `fotos/u1/diario/${id}/`;

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
    const keys = [`${dir}1280x960.webp`, `fotos/u1/diario/${id.replace('0b', '1b')}/640x480.webp`];
    render(<PhotoPicker label="Fotos" purpose="diario" max={2} value={keys} onChange={onChange} alt="Foto do diário" />);
    // A 96 px preview: the 160 px variant serves a 1× screen, the 320 px one a 2× or 3×.
    const first = screen.getByRole('img', { name: 'Foto do diário 1' });
    expect(first).toHaveAttribute('srcset', `/media/${dir}160x120.webp 160w, /media/${dir}320x240.webp 320w, /media/${dir}640x480.webp 640w, /media/${dir}960x720.webp 960w, /media/${dir}1280x960.webp 1280w`);
    expect(first).toHaveAttribute('sizes', '96px');
    expect(screen.queryByLabelText('Fotos')).toBeNull(); // two of two: no file input
    await userEvent.click(screen.getByRole('button', { name: 'Remover foto 2' }));
    expect(onChange).toHaveBeenCalledWith([keys[0]]);
  });
});

describe('photos', () => {
  it('derives the variants from the stored key as the server names them, and keeps https addresses', () => {
    expect(photoVariants(`${dir}960x1280.webp`).map((v) => `${v.width}x${v.height}`)).toEqual(['160x213', '320x427', '640x853', '960x1280']);
    expect(photoVariants(`${dir}500x300.webp`).map((v) => `${v.width}x${v.height}`)).toEqual(['160x96', '320x192', '500x300']);
    expect(photoVariants(`${dir}26x1280.webp`).map((v) => `${v.width}x${v.height}`)).toEqual(['26x1280']);
    expect(photoVariants('fotos/u/perfil/x.jpg')).toEqual([]);
    // A key stored before photos were processed is not served: the initials stand in.
    render(<Avatar name="Bia Lima" photo="fotos/u/perfil/x.jpg" />);
    expect(screen.getByText('BL')).toBeInTheDocument();
    expect(mediaUrl('https://lh3.googleusercontent.com/a')).toBe('https://lh3.googleusercontent.com/a');
  });

  it('sets the slot size (no layout shift), lazy loading and srcset, and a Google picture as is', () => {
    render(<Avatar name="Ana" photo={`${dir}640x640.webp`} size={36} />);
    const avatar = document.querySelector('img.avatar')!;
    expect(avatar).toHaveAttribute('width', '36');
    expect(avatar).toHaveAttribute('height', '36');
    expect(avatar).toHaveAttribute('loading', 'lazy');
    expect(avatar).toHaveAttribute('sizes', '36px');
    expect(avatar.getAttribute('srcset')).toContain(`/media/${dir}160x160.webp 160w`);
    render(<Photo photo="https://lh3.googleusercontent.com/a" alt="Google" width={72} height={72} eager />);
    const google = screen.getByRole('img', { name: 'Google' });
    expect(google).toHaveAttribute('src', 'https://lh3.googleusercontent.com/a');
    expect(google).not.toHaveAttribute('srcset');
    expect(google).toHaveAttribute('loading', 'eager');
  });
});
