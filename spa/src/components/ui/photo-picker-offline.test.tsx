import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { isLocalPhoto, localPhoto } from '@/lib/offline/local-photos';
import { PhotoError } from '@/lib/uploads';
import type * as Uploads from '@/lib/uploads';

const uploads = vi.hoisted(() => ({ uploadPhoto: vi.fn(), preparePhoto: vi.fn() }));
vi.mock('@/lib/uploads', async (original) => ({ ...(await original<typeof Uploads>()), ...uploads }));

const prepared = { blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 1600, height: 1200 };
let online = true;

beforeAll(() => {
  // jsdom has no object URLs.
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;
});

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:foto-no-aparelho');
  uploads.uploadPhoto.mockReset();
  uploads.preparePhoto.mockReset().mockResolvedValue(prepared);
});

function Picker({ keepOffline, onKeys }: { keepOffline?: boolean; onKeys: (keys: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <PhotoPicker
      label="Fotos"
      purpose="diario"
      max={4}
      keepOffline={keepOffline}
      value={value}
      onChange={(keys) => {
        setValue(keys);
        onKeys(keys);
      }}
    />
  );
}

const photo = () => new File(['jpeg'], 'horta.jpg', { type: 'image/jpeg' });

describe('PhotoPicker with no connection', () => {
  it('keeps the photo on the device when offline, shows it and says it goes with the entry', async () => {
    online = false;
    const onKeys = vi.fn();
    render(<Picker keepOffline onKeys={onKeys} />);
    await userEvent.upload(screen.getByLabelText('Fotos'), photo());
    const [keys] = onKeys.mock.lastCall!;
    expect(keys).toHaveLength(1);
    expect(isLocalPhoto(keys[0])).toBe(true);
    expect(localPhoto(keys[0])).toEqual(prepared);
    expect(uploads.uploadPhoto).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Foto enviada' })).toHaveAttribute('src', 'blob:foto-no-aparelho');
    expect(screen.getByText(/Sem conexão: a foto fica neste aparelho e vai junto quando o registro for enviado/)).toBeInTheDocument();
  });

  it('keeps it too when the upload got no answer', async () => {
    uploads.uploadPhoto.mockRejectedValue(new PhotoError('Não foi possível enviar a foto.', true));
    const onKeys = vi.fn();
    render(<Picker keepOffline onKeys={onKeys} />);
    await userEvent.upload(screen.getByLabelText('Fotos'), photo());
    expect(isLocalPhoto(onKeys.mock.lastCall![0][0])).toBe(true);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('a refused photo is an error, queue or not; a form without the queue shows the network error', async () => {
    uploads.uploadPhoto.mockRejectedValueOnce(new PhotoError('A foto deve ter no máximo 5 MB.'));
    const { unmount } = render(<Picker keepOffline onKeys={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('Fotos'), photo());
    expect(screen.getByRole('alert')).toHaveTextContent('A foto deve ter no máximo 5 MB.');
    unmount();

    uploads.uploadPhoto.mockRejectedValueOnce(new PhotoError('Não foi possível enviar a foto. Verifique sua conexão e tente novamente.', true));
    const onKeys = vi.fn();
    render(<Picker onKeys={onKeys} />);
    await userEvent.upload(screen.getByLabelText('Fotos'), photo());
    expect(screen.getByRole('alert')).toHaveTextContent('Verifique sua conexão');
    expect(onKeys).not.toHaveBeenCalled();
  });
});
