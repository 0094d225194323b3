import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '@/components/ui/dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Dialog title="Pergunta" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Fechar
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('Back closes it, as on a phone, and leaves the page where it was', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const before = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('dialog', { name: 'Pergunta' })).toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
    expect(window.history.length).toBe(before + 1); // the dialog's entry, now ahead of the page's
  });

  it('closed with its own button, it takes its history entry off again', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect((window.history.state as { verdeDialog?: string } | null)?.verdeDialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect((window.history.state as { verdeDialog?: string } | null)?.verdeDialog).toBeUndefined());
  });
});
