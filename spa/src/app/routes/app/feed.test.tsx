import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';
import { myGroup, page } from '@/testing/group-fixtures';

const now = new Date().toISOString();
const post = {
  id: 'p1',
  autorId: 'user-1',
  autorNome: 'Helena Canteiro',
  texto: 'Olha <b>isto</b> <script>alert(1)</script> https://exemplo.com/dicas',
  fotos: [],
  cultivo: { id: 'c1', vegetalNome: 'Alface (verão)', fase: 'semeado', diasParaColheita: 50 },
  grupoId: 'g1',
  grupoNome: 'Horta Mural',
  curtidas: 1,
  comentarios: 1,
  curtido: false,
  oculto: false,
  editavel: true,
  criadoEm: now,
  editadoEm: null as string | null,
};
const comments = {
  items: [{ id: 'k1', postId: 'p1', autorId: 'user-2', autorNome: 'Otávio Vizinho', texto: 'Que beleza!', oculto: false, criadoEm: now }],
  nextCursor: null,
};

describe('feed screens', () => {
  it('a notification link (/feed?post=) opens the post with its comments; HTML shows as typed, the link is clickable', async () => {
    stubApi({
      'GET /api/posts/p1': () => json(post),
      'GET /api/posts/p1/comentarios': () => json(comments),
    });
    renderApp('/feed?post=p1');
    const card = await screen.findByRole('article', { name: /Helena Canteiro/ });
    expect(within(card).getByText(/<b>isto<\/b> <script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(card.querySelector('b, script')).toBeNull();
    expect(within(card).getByRole('link', { name: 'exemplo.com/dicas' })).toHaveAttribute('href', 'https://exemplo.com/dicas');
    expect(await within(card).findByText('Que beleza!')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Comentários · 1', expanded: true })).toBeInTheDocument();
    expect(within(card).getByText('Alface (verão)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Voltar ao feed' })).toHaveAttribute('href', '/feed');
  });

  it('liking keeps the focus on the like button (it is not disabled while saved)', async () => {
    let finish!: () => void;
    let liked = false;
    stubApi({
      'GET /api/posts/p1': () => json({ ...post, curtido: liked, curtidas: liked ? 2 : 1 }),
      'GET /api/posts/p1/comentarios': () => json(comments),
      'PUT /api/posts/p1/curtida': () =>
        new Promise<Response>(
          (resolve) =>
            (finish = () => {
              liked = true;
              resolve(json({ curtido: true, curtidas: 2 }));
            }),
        ),
    });
    const user = userEvent.setup();
    renderApp('/feed?post=p1');
    const card = await screen.findByRole('article', { name: /Helena Canteiro/ });
    const like = within(card).getByRole('button', { name: /Curtir/ });
    await user.click(like);
    expect(like).toHaveFocus();
    expect(like).not.toBeDisabled();
    expect(like).toHaveAttribute('aria-disabled', 'true');
    finish();
    await within(card).findByRole('button', { name: /Curtido/ });
    expect(within(card).getByRole('button', { name: /Curtido/ })).toHaveFocus();
  });

  it('moving to another page puts the focus on its heading', async () => {
    stubApi({ 'GET /api/feed/comunidade': () => json({ items: [], nextCursor: null }) });
    const user = userEvent.setup();
    renderApp('/perfil');
    await screen.findByRole('heading', { level: 1, name: 'Meu Perfil' });
    await user.click(screen.getByRole('link', { name: 'Feed' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Feed' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
  });

  it('a group post written on Comunidade says where it went; on Meus grupos the composer starts on my group', async () => {
    stubApi({
      'GET /api/feed/comunidade': () => json({ items: [], nextCursor: null }),
      'GET /api/feed/grupos': () => json({ items: [], nextCursor: null }),
      'GET /api/me/groups': () => json(page([myGroup({ id: 'g1', nome: 'Horta Mural' }), myGroup({ id: 'g2', nome: 'Horta da Escola' })])),
      'GET /api/cultivos': () => json({ items: [], nextCursor: null }),
      'POST /api/posts': () => json({ post: { ...post, id: 'p9', texto: 'Mutirão sábado' }, pontos: 5 }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/feed');
    const composer = await screen.findByRole('form', { name: 'Novo post' });
    await within(composer).findByRole('option', { name: 'Horta Mural' });
    expect(within(composer).getByLabelText('Publicar em')).toHaveValue('');
    await user.selectOptions(within(composer).getByLabelText('Publicar em'), 'g1');
    await user.type(within(composer).getByLabelText('O que está acontecendo na sua horta?'), 'Mutirão sábado');
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(await within(composer).findByText(/Post publicado em Horta Mural/)).toBeInTheDocument();
    await user.click(within(composer).getByRole('link', { name: 'Ver em Meus grupos' }));
    expect(router.state.location.search).toBe('?aba=grupos');
    await waitFor(() => {
      const forms = screen.getAllByRole('form', { name: 'Novo post' });
      expect(forms).toHaveLength(1);
      expect(within(forms[0]!).getByLabelText('Publicar em')).toHaveValue('g1');
    });
  });

  it('a post that cannot be read shows an error state', async () => {
    stubApi({});
    renderApp('/feed?post=sumiu');
    expect(await screen.findByRole('heading', { name: 'Não foi possível abrir este post' })).toBeInTheDocument();
  });

  it('edits my post: an empty text is refused in Portuguese, then the new text is sent', async () => {
    const sent: unknown[] = [];
    let current = post;
    stubApi({
      'GET /api/posts/p1': () => json(current),
      'PUT /api/posts/p1': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        current = { ...post, texto: 'Texto novo', editadoEm: now };
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderApp('/feed?post=p1');
    const card = await screen.findByRole('article', { name: /Helena Canteiro/ });
    await user.click(within(card).getByRole('button', { name: 'Editar' }));
    const form = within(card).getByRole('form', { name: 'Editar post' });
    const field = within(form).getByLabelText('Texto do post');
    await user.clear(field);
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(within(form).getByText('Escreva o texto do post')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(field, 'Texto novo');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByText('Texto novo')).toBeInTheDocument();
    expect(within(card).getByText(/\(editado\)/)).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Editar post' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ texto: 'Texto novo' }]);
  });

  it('the composer refuses an empty post and names the field; the list has an empty state', async () => {
    stubApi({
      'GET /api/feed/comunidade': () => json({ items: [], nextCursor: null }),
      'GET /api/me/groups': () => json({ items: [], nextCursor: null }),
      'GET /api/cultivos': () => json({ items: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/feed');
    expect(await screen.findByRole('heading', { name: 'Nenhum post ainda' })).toBeInTheDocument();
    const composer = screen.getByRole('form', { name: 'Novo post' });
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(within(composer).getByText('Escreva o texto do post')).toBeInTheDocument();
    expect(within(composer).getByLabelText('O que está acontecendo na sua horta?')).toHaveAttribute('aria-invalid', 'true');
  });
});
