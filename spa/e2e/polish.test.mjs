// What a first-time user tripped on, in a real browser against the local cloud: one test per
// defect, each of which failed before its fix. The touched screens are also saved at 360 px and
// 1280 px into VERDE_SHOTS (when set) for a person to look at.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, fillRegistration, heading, people, register, runId, shot, signIn, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('polish');
const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

/** The page is no wider than the screen: nothing scrolls sideways. */
async function assertNoSidewaysScroll(page, where) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client, `${where}: the page is ${scroll} px wide on a ${client} px screen`);
}

describe('what a first-time user trips on', { timeout: 900_000 }, () => {
  test('a double click on "Criar grupo" creates one group (and +20 once)', async () => {
    const owner = person('Clara Clique', 1);
    const name = `Horta Clique Duplo ${runId}`;
    await withSession(async (page) => {
      await register(page, owner);
      await page.goto('/grupos/novo');
      await heading(page, 'Criar Grupo');
      await page.getByLabel('Nome do grupo').fill(name);
      await page.getByLabel('Cidade').fill('Natal');
      await page.getByLabel('UF').selectOption('RN');
      await page.getByRole('button', { name: 'Criar grupo' }).dblclick();
      await heading(page, name);
      // and a third click's worth: the same form sent again once the first answered
      const mine = await api(page, 'GET', '/me/groups?limit=100');
      assert.equal(mine.status, 200);
      assert.equal(mine.body.items.filter((g) => g.nome === name).length, 1, 'one group made by the double click');
      const me = await api(page, 'GET', '/me');
      assert.equal(me.body.pontosTotais, 40, '+20 once, and the conquista Fundador (+20) once');
    });
  });

  test('a 300-character name is refused at registration, in Portuguese', async () => {
    for (const viewport of [phone, desktop]) {
      await withSession(
        async (page) => {
          await page.goto('/registro');
          await fillRegistration(page, person('N'.repeat(300), 'longo'));
          await page.getByText('O nome deve ter no máximo 80 caracteres').waitFor();
          assert.equal(new URL(page.url()).pathname, '/registro');
          assert.equal(await page.getByLabel('Nome completo').getAttribute('aria-invalid'), 'true');
          await assertNoSidewaysScroll(page, '/registro');
          await shot(page, 'registro-nome-longo');
        },
        { viewport },
      );
    }
  });

  test('no screen scrolls sideways at 360 px with a 200-character word in every user text field', async () => {
    const word = (n) => 'x'.repeat(n);
    const url = `https://exemplo.com.br/${'caminho-bem-longo/'.repeat(12)}`;
    const owner = person(`Maximiliana${word(69)}`, 2); // a one-word name of 80 characters, the most it takes
    let groupId;
    await withSession(async (page) => {
      await register(page, owner);
      const bio = await api(page, 'PUT', '/me', { bio: `${word(200)} veja ${url}` });
      assert.equal(bio.status, 200, JSON.stringify(bio.body));
      const g = await api(page, 'POST', '/groups', {
        nome: `Horta${word(55)}`,
        descricao: `${word(200)} site: ${url}`,
        cidade: word(80),
        uf: 'SP',
      });
      assert.equal(g.status, 201, JSON.stringify(g.body));
      groupId = g.body.id;
      const lotes = await api(page, 'POST', `/groups/${groupId}/lotes`, { prefixo: 'A', inicio: 1, fim: 3, area: 4, observacoes: word(200) });
      assert.equal(lotes.status, 201, JSON.stringify(lotes.body));
    });
    for (const viewport of [phone, desktop]) {
      await withSession(
        async (page) => {
          await signIn(page, owner);
          const screens = [
            ['/dashboard', 'Dashboard', 'dashboard'],
            ['/perfil', 'Meu Perfil', 'perfil'],
            ['/grupos', 'Meus Grupos', 'grupos'],
            [`/grupos/${groupId}`, null, 'grupo'],
            [`/grupos/${groupId}/lotes`, null, 'lotes'],
            [`/grupos/${groupId}/publico`, null, 'publico'],
          ];
          for (const [path, title, name] of screens) {
            await page.goto(path);
            if (title) await heading(page, title);
            else await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForLoadState('networkidle');
            await assertNoSidewaysScroll(page, path);
            await shot(page, `longo-${name}`);
          }
          // The bio's address is a link, shortened.
          await page.goto('/perfil');
          const link = page.getByRole('link', { name: /^exemplo\.com\.br\// });
          assert.equal(await link.getAttribute('href'), url);
          assert.ok((await link.textContent()).length <= 32);
          // The user menu holds the long name without growing past the screen.
          await page.getByRole('button', { name: /^Menu do usuário/ }).click();
          await assertNoSidewaysScroll(page, 'user menu');
          const menuName = page.getByTestId('user-menu-name');
          const box = await menuName.boundingBox();
          assert.ok(box.height < 60, `the user menu's name takes ${box.height} px (at most two lines)`);
          await shot(page, 'longo-menu');
          // The lote with a long observation, opened.
          await page.goto(`/grupos/${groupId}/lotes`);
          await page.getByRole('button', { name: /^Lote A1,/ }).click();
          await page.getByRole('dialog').waitFor();
          await assertNoSidewaysScroll(page, 'lote dialog');
          await shot(page, 'longo-lote-dialog');
        },
        { viewport },
      );
    }
  });

  test('the directory finds "Horta Comunitária Vila Mariana" by its third word, two words, and accents folded', async () => {
    const owner = person('Vera Vila', 3);
    const name = `Horta Comunitária Vila Mariana ${runId}`;
    await withSession(async (page) => {
      await register(page, owner);
      const g = await api(page, 'POST', '/groups', { nome: name, cidade: 'São Paulo', uf: 'SP' });
      assert.equal(g.status, 201, JSON.stringify(g.body));
    });
    for (const viewport of [phone, desktop]) {
      await withSession(
        async (page) => {
          await signIn(page, owner);
          for (const q of ['mariana', 'vila mariana', 'COMUNITARIA', 'paulo']) {
            await page.goto('/grupos/diretorio');
            await heading(page, 'Explorar Grupos');
            await page.getByLabel('Nome do grupo').fill(q);
            await page.getByRole('button', { name: 'Buscar', exact: true }).click();
            await page.getByRole('link', { name, exact: true }).waitFor();
          }
          await shot(page, 'diretorio-busca');
        },
        { viewport },
      );
    }
  });

  test('index.html alone (no JavaScript) shows the frame and "Carregando..."', async () => {
    for (const viewport of [phone, desktop]) {
      await withSession(
        async (page) => {
          await page.goto('/grupos');
          await page.getByText('Carregando...').waitFor({ state: 'visible' });
          assert.ok(await page.getByText('Verde', { exact: true }).isVisible());
          await shot(page, 'index-sem-js');
        },
        { viewport, javaScriptEnabled: false },
      );
    }
  });

  test('the bulk-lotes preview never shows more than it will create', async () => {
    const owner = person('Lia Lotes', 4);
    let groupId;
    await withSession(async (page) => {
      await register(page, owner);
      const g = await api(page, 'POST', '/groups', { nome: `Horta dos Lotes ${runId}`, cidade: 'Natal', uf: 'RN' });
      groupId = g.body.id;
    });
    for (const viewport of [phone, desktop]) {
      await withSession(
        async (page) => {
          await signIn(page, owner);
          await page.goto(`/grupos/${groupId}/lotes`);
          await page.getByRole('button', { name: 'Criar lotes' }).first().click();
          const dialog = page.getByRole('dialog', { name: 'Criar lotes' });
          await dialog.getByLabel('Até o número').fill('600');
          await dialog.getByText(/^Nenhum lote será criado assim: A1 a A600 são 600 lotes/).waitFor();
          assert.equal(await dialog.getByText(/Serão criados/).count(), 0);
          await dialog.getByLabel('Área de cada lote (m²)').fill('4');
          await dialog.getByRole('button', { name: 'Criar lotes' }).click();
          await dialog.getByText('Crie no máximo 98 lotes por vez').waitFor();
          await assertNoSidewaysScroll(page, 'bulk dialog');
          await shot(page, 'lotes-limite');
          await dialog.getByLabel('Prefixo').fill('');
          await dialog.getByLabel('Até o número').fill('3');
          await dialog.getByText('Sem prefixo, os códigos serão só números: serão criados 1 a 3 (3 lotes).').waitFor();
          await shot(page, 'lotes-sem-prefixo');
        },
        { viewport },
      );
    }
  });

  test('tabs, spacing, the lote flag, invites, the admin guard, singular counts', async () => {
    const owner = person('Otávio Dono', 5);
    const member = person('Mara Membro', 6);
    let groupId;
    let token;
    await withSession(async (page) => {
      await register(page, owner);
      const g = await api(page, 'POST', '/groups', { nome: `Horta das Abas ${runId}`, cidade: 'Natal', uf: 'RN' });
      groupId = g.body.id;
      await api(page, 'POST', `/groups/${groupId}/lotes`, { prefixo: 'ABC', inicio: 9990, fim: 9999, area: 4 });
      token = (await api(page, 'POST', `/groups/${groupId}/invites`, {})).body.token;
    });
    await withSession(async (page) => {
      await register(page, member);
      assert.equal((await api(page, 'POST', `/groups/${groupId}/join`)).status, 201);
      assert.equal((await api(page, 'POST', `/groups/${groupId}/lotes/ABC9999/requests`)).status, 201);
    });
    for (const viewport of [phone, desktop]) {
      // The dono: the group's tabs on a phone, the current one in view; /grupos' two buttons apart.
      await withSession(
        async (page) => {
          await signIn(page, owner);
          await page.goto(`/grupos/${groupId}?aba=configuracoes`);
          const nav = page.getByRole('navigation', { name: 'Seções do grupo' });
          const current = nav.getByRole('link', { name: 'Configurações' });
          await current.waitFor();
          const [navBox, tabBox] = [await nav.boundingBox(), await current.boundingBox()];
          assert.ok(tabBox.x >= navBox.x - 1 && tabBox.x + tabBox.width <= navBox.x + navBox.width + 1, 'the current tab is scrolled into view');
          await shot(page, 'grupo-abas');
          await page.goto('/grupos');
          const explorar = await page.getByRole('link', { name: 'Explorar Grupos' }).first().boundingBox();
          const criar = await page.locator('.page-actions').getByRole('link', { name: 'Criar Grupo' }).boundingBox();
          const apart = criar.y >= explorar.y + explorar.height || criar.x >= explorar.x + explorar.width + 4;
          assert.ok(apart, 'Explorar Grupos and Criar Grupo do not touch');
          await shot(page, 'grupos-acoes');
        },
        { viewport },
      );
      // The member: the "pedido" flag beside a long code; /admin says why it sends them away.
      await withSession(
        async (page) => {
          await signIn(page, member);
          await page.goto(`/grupos/${groupId}/lotes`);
          const cell = page.getByRole('button', { name: /^Lote ABC9999,/ });
          await cell.waitFor();
          const code = await cell.locator('.lote-code').boundingBox();
          const flag = await cell.locator('.lote-flag').boundingBox();
          const overlap = !(flag.x >= code.x + code.width + 2 || flag.y >= code.y + code.height || code.x >= flag.x + flag.width);
          assert.ok(!overlap, 'the pedido flag does not touch the lote code');
          await shot(page, 'lotes-pedido');
          await page.goto('/admin');
          await page.waitForURL('**/dashboard');
          await page.getByText('O Painel Admin é só para administradores do Verde.', { exact: false }).waitFor();
          await shot(page, 'admin-negado');
        },
        { viewport },
      );
      // Signed out: the invite's login says what it is for; an unknown invite says it once.
      await withSession(
        async (page) => {
          await page.goto(`/grupos/${groupId}/convite?c=${token}`);
          await page.getByRole('button', { name: 'Participar' }).click();
          await page.waitForURL('**/login');
          await page.getByText(`Entre para participar de Horta das Abas ${runId}.`).waitFor();
          await shot(page, 'login-convite');
          await page.goto(`/grupos/${groupId}/convite?c=naoexiste0000000000000`);
          await page.getByRole('heading', { name: 'Convite não encontrado' }).waitFor();
          assert.equal(await page.getByText(/Convite não encontrado/).count(), 1);
          await shot(page, 'convite-invalido');
        },
        { viewport },
      );
      // The admin: every section tab shows at 1280 px; on a phone the current one is in view.
      await withSession(
        async (page) => {
          await signIn(page, cloud.admin);
          await page.goto('/admin/configuracoes');
          const nav = page.getByRole('navigation', { name: 'Seções do painel admin' });
          const current = nav.getByRole('link', { name: 'Configurações' });
          await current.waitFor();
          const [navBox, tabBox] = [await nav.boundingBox(), await current.boundingBox()];
          assert.ok(tabBox.x + tabBox.width <= navBox.x + navBox.width + 1, 'the current admin tab is in view');
          if (viewport === desktop) {
            const cut = await nav.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
            assert.ok(!cut, 'no admin tab is cut at 1280 px');
          }
          await shot(page, 'admin-abas');
        },
        { viewport },
      );
    }
  });
});
