import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const now = new Date().toISOString();
const denuncia = (n: number, conta = true) => ({ userId: `u${n}`, nome: `Denunciante ${n}`, motivo: 'spam', texto: '', conta, em: now });
const item = (postId: string, autorId: string, autorNome: string) => ({
  postId,
  comentarioId: null,
  tipo: 'post',
  autorId,
  autorNome,
  texto: `Texto de ${autorNome} <b>x</b>`,
  fotos: [],
  grupoId: null,
  total: 3,
  denuncias: [denuncia(1), denuncia(2), denuncia(3, false)],
  ultimaEm: now,
});

describe('/admin/moderacao', () => {
  it('lists the reports; removing asks first and sends the action; own content cannot be resolved', async () => {
    const sent: unknown[] = [];
    let items = [item('p1', 'u9', 'Helena Canteiro'), item('p2', adminUser.id, adminUser.name)];
    stubApi({
      'GET /api/admin/moderacao': () => json({ items, nextCursor: null }),
      'POST /api/admin/moderacao/p1': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        items = items.filter((i) => i.postId !== 'p1');
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/moderacao', fakeAuth({ user: adminUser, isAdmin: true }));
    const card = await screen.findByRole('article', { name: 'Post de Helena Canteiro' });
    expect(within(card).getByText('Texto de Helena Canteiro <b>x</b>')).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Denúncias' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(card).getByText(/conta nova, não conta para ocultar/)).toBeInTheDocument();
    const own = screen.getByRole('article', { name: `Post de ${adminUser.name}` });
    expect(within(own).getByText('Você não pode resolver denúncias sobre o seu próprio conteúdo.')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Manter' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Remover e avisar' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover e avisar o autor?' });
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remover e avisar' }));
    expect(await screen.findByRole('article', { name: `Post de ${adminUser.name}` })).toBeInTheDocument();
    await screen.findByText('Você não pode resolver denúncias sobre o seu próprio conteúdo.');
    expect(sent).toEqual([{ acao: 'remover_avisar' }]);
    expect(screen.queryByRole('article', { name: 'Post de Helena Canteiro' })).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    stubApi({ 'GET /api/admin/moderacao': () => json({ items: [], nextCursor: null }) });
    renderApp('/admin/moderacao', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Nenhuma denúncia pendente' })).toBeInTheDocument();
  });
});
