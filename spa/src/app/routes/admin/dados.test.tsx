import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const now = new Date().toISOString();
const report = (gravado: boolean) => ({
  linhas: 3,
  novos: ['Taioba'],
  alterados: [],
  iguais: 0,
  problemas: [
    { linha: 3, campo: 'sul', mensagem: 'Meses de semeadura inválidos para a região Sul' },
    { linha: 4, campo: 'metodo', mensagem: 'Escolha o método: semente, muda ou ambos' },
  ],
  gravado,
});

describe('/admin/dados', () => {
  it('explains the month syntax on the screen and offers an example file to download', async () => {
    stubApi({ 'GET /api/admin/dados/exports': () => json({ items: [], nextCursor: null }) });
    renderApp('/admin/dados', fakeAuth({ user: adminUser, isAdmin: true }));
    const syntax = await screen.findByLabelText('Como preencher');
    expect(syntax).toHaveTextContent('OUT./FEV.');
    expect(syntax).toHaveTextContent('ANO TODO');
    expect(syntax).toHaveTextContent('60-80');
    const example = screen.getByRole('link', { name: 'Baixar arquivo de exemplo (CSV)' });
    expect(example).toHaveAttribute('href', '/modelos/vegetais-exemplo.csv');
    expect(example).toHaveAttribute('download');
  });

  it('runs a dry run (bad lines listed, sent as CSV), then imports', async () => {
    const sent: { path: string; type: string | null; body: string }[] = [];
    stubApi({
      'GET /api/admin/dados/exports': () => json({ items: [], nextCursor: null }),
      'POST /api/admin/dados/vegetais/validar': (init) => {
        sent.push({ path: 'validar', type: new Headers(init?.headers).get('Content-Type'), body: String(init?.body) });
        return json(report(false));
      },
      'POST /api/admin/dados/vegetais/importar': (init) => {
        sent.push({ path: 'importar', type: new Headers(init?.headers).get('Content-Type'), body: String(init?.body) });
        return json(report(true));
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/dados', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByText('Nenhuma exportação ainda')).toBeInTheDocument();
    const importar = screen.getByRole('button', { name: 'Importar' });
    expect(importar).toBeDisabled();
    await user.type(screen.getByLabelText('Ou cole o conteúdo'), 'especie,sul');
    await user.click(screen.getByRole('button', { name: 'Validar (sem gravar)' }));
    const table = await screen.findByRole('table', { name: 'Linhas com erro' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('3sulMeses de semeadura inválidos');
    expect(sent[0]).toEqual({ path: 'validar', type: 'text/csv; charset=utf-8', body: 'especie,sul' });
    expect(screen.getByText('Resultado da validação (nada foi gravado)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Importação concluída')).toBeInTheDocument();
    expect(sent[1]?.path).toBe('importar');
    expect(screen.getByRole('table', { name: 'Linhas não importadas' })).toBeInTheDocument();
  });

  it('lists exports with status, rows and size; a failed one has no download', async () => {
    stubApi({
      'GET /api/admin/dados/exports': () =>
        json({
          items: [
            { id: 'e1', entidade: 'membros', formato: 'csv', status: 'pronto', linhas: 12, bytes: 2048, criadoEm: now, concluiuEm: now, erro: '' },
            { id: 'e2', entidade: 'grupos', formato: 'jsonl', status: 'erro', linhas: 0, bytes: 0, criadoEm: now, concluiuEm: now, erro: 'A exportação falhou' },
          ],
          nextCursor: null,
        }),
    });
    renderApp('/admin/dados', fakeAuth({ user: adminUser, isAdmin: true }));
    const list = await screen.findByRole('list', { name: 'Exportações recentes' });
    const [ok, bad] = within(list).getAllByRole('listitem');
    expect(ok).toHaveTextContent('Membros (perfis) · CSV');
    expect(ok).toHaveTextContent('Pronto · 12 linhas · 2 kB');
    expect(within(ok!).getByRole('button', { name: 'Baixar' })).toBeInTheDocument();
    expect(bad).toHaveTextContent('Falhou · A exportação falhou');
    expect(within(bad!).queryByRole('button', { name: 'Baixar' })).not.toBeInTheDocument();
  });

  it('starts a failed export again with "Tentar de novo"', async () => {
    let retried = '';
    let status = 'erro';
    stubApi({
      'GET /api/admin/dados/exports': () =>
        json({
          items: [{ id: 'e2', entidade: 'grupos', formato: 'jsonl', status, linhas: 0, bytes: 0, criadoEm: now, concluiuEm: null, erro: status === 'erro' ? 'A exportação parou sem concluir' : '' }],
          nextCursor: null,
        }),
      'POST /api/admin/dados/exports/e2/repetir': () => {
        retried = 'e2';
        status = 'pendente';
        return json({ id: 'e2', entidade: 'grupos', formato: 'jsonl', status: 'pendente', linhas: 0, bytes: 0, criadoEm: now, concluiuEm: null, erro: '' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/dados', fakeAuth({ user: adminUser, isAdmin: true }));
    const list = await screen.findByRole('list', { name: 'Exportações recentes' });
    expect(list).toHaveTextContent('Falhou · A exportação parou sem concluir');
    await user.click(within(list).getByRole('button', { name: 'Tentar de novo' }));
    await vi.waitFor(() => expect(retried).toBe('e2'));
    expect(await within(list).findByText('Na fila')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument();
  });

  it('says why the list failed', async () => {
    stubApi({ 'GET /api/admin/dados/exports': () => json({ error: { code: 'internal', message: 'Erro interno' } }, 500) });
    renderApp('/admin/dados', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar as exportações' })).toBeInTheDocument();
  });
});
