import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { EditCultivoDialog } from '@/features/cultivos/components/edit-cultivo-dialog';
import { AuthContext } from '@/lib/auth/auth-context';
import { createQueryClient } from '@/lib/query-client';
import { cultivo } from '@/testing/cultivo-fixtures';
import { fakeAuth, json, stubApi } from '@/testing/test-utils';
import type { Cultivo } from '@/types/api';

function renderDialog(c: Cultivo, onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={fakeAuth()}>
        <EditCultivoDialog cultivo={c} onClose={vi.fn()} onSaved={onSaved} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('EditCultivoDialog', () => {
  it('checks the quantidade first, then sends the whole form with the version it read', async () => {
    const sent: unknown[] = [];
    const c = cultivo({ grupoId: null, loteCodigo: null, quantidade: 1.5, notas: 'Regar.' });
    stubApi({
      'PUT /api/cultivos/c1': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ ...c, quantidade: 3, version: 2 });
      },
    });
    const onSaved = renderDialog(c);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Editar cultivo de Alface (verão)' })).toBeInTheDocument();
    const quantidade = screen.getByLabelText(/Quantidade/);
    expect(quantidade).toHaveValue('1,5');
    await user.clear(quantidade);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('A quantidade deve ser maior que zero')).toBeInTheDocument();
    await user.type(quantidade, '3');
    expect(screen.queryByText('A quantidade deve ser maior que zero')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      { version: 1, metodo: 'muda', quantidade: 3, unidade: 'mudas', dataPlantio: '2026-03-01', notas: 'Regar.', loteCodigo: '', colaboradores: [] },
    ]);
  });

  it('after a harvest the plantio date is fixed and says why', () => {
    renderDialog(cultivo({ grupoId: null, totais: { colheitas: 1, kg: 1, unidades: 0, macos: 0, doadoKg: 0 } }));
    expect(screen.getByLabelText(/Data de plantio/)).toBeDisabled();
    expect(screen.getByText('A data de plantio não muda depois de uma colheita.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Notas/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  });
});
