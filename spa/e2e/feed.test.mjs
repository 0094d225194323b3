// The feed journey in a real browser against the local cloud: two members of a group; the author
// posts in the group's Mural with a photo and a cultivo of the group (text with HTML and a
// <script> shows as typed, its link is clickable); the other member likes and comments; the
// author's bell counts both and /notificacoes lists them; three members whose accounts are older
// than 3 days (their registration date is seeded in DynamoDB Local) report the post and it
// disappears for everyone but its author; the demo admin keeps it from /admin/moderacao and it
// returns. The post also shows on the cultivo's detail and in "Meus grupos". Screens are captured
// at 360 and 1280 px into VERDE_SHOTS (when set), each checked for sideways scroll at both widths.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seedAccountAge } from './support/dynamodb.mjs';
import { jpegFile } from './support/images.mjs';
import { acceptInvite, createCultivo, createGroup, createInvite, imagesLoaded, people, register, runId, shotBoth, signIn, unreadBadge, useLocalCloud, userIdOf, withSessions } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('feed');

describe('the feed in Chromium against the local cloud', { timeout: 900_000 }, () => {
  test('a Mural post with photo and cultivo: liked, commented, notified, reported and hidden, kept by the admin and back', async () => {
    const author = person('Helena Canteiro', 1);
    const neighbour = person('Otávio Vizinho', 2);
    const groupName = `Horta Mural ${runId}`;
    const marker = `Colhemos a primeira alface ${runId}!`;
    const typed = `${marker} <script>alert("x")</script> <b>negrito</b> Dicas: https://exemplo.com/dicas?x=1`;
    const desktop = { viewport: { width: 1280, height: 800 } };
    await withSessions(async (open) => {
      // The author: a group, an invite, a cultivo in the group.
      const a = await open(desktop);
      let dialogs = 0;
      a.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      await register(a, author);
      const groupId = await createGroup(a, groupName);
      const inviteUrl = await createInvite(a, groupId);
      const cultivoUrl = await createCultivo(a, { onde: groupName, quantidade: 12 });

      // The Mural: empty, then the post with a photo and the cultivo.
      await a.goto(`/grupos/${groupId}?aba=mural`);
      await a.getByRole('heading', { name: 'Nenhum post ainda' }).waitFor();
      const composer = a.getByRole('form', { name: 'Novo post' });
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByText('Escreva o texto do post').waitFor();
      await composer.getByLabel('O que está acontecendo na sua horta?').fill(typed);
      await composer.getByLabel('Fotos (opcional)').setInputFiles(await jpegFile(a, 'alface-mural.jpg', 1200, 900, '#6fae4f'));
      await composer.getByRole('img', { name: 'Foto do post' }).waitFor();
      await composer.getByLabel('Cultivo (opcional)').selectOption({ label: `Alface (verão) · ${groupName}` });
      await shotBoth(a, 'feed-composer');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await composer.getByText('Post publicado (+5 pontos).').waitFor();
      const post = a.getByRole('article').filter({ hasText: marker });
      await post.waitFor();
      // Shown as typed, inert: the tags are text, no <b> or <script> made it into the page.
      await post.getByText('<script>alert("x")</script> <b>negrito</b>', { exact: false }).waitFor();
      assert.equal(await post.locator('script, b').count(), 0, 'HTML in a post is never rendered');
      const link = post.getByRole('link', { name: 'exemplo.com/dicas?x=1' });
      assert.equal(await link.getAttribute('href'), 'https://exemplo.com/dicas?x=1');
      // The author edits it (within 15 minutes): an empty text is refused in Portuguese, then saved.
      await post.getByRole('button', { name: 'Editar' }).click();
      const edit = a.getByRole('form', { name: 'Editar post' }); // (while editing, the card's text is in the field)
      await edit.getByLabel('Texto do post').fill('   ');
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await edit.getByText('Escreva o texto do post').waitFor();
      await edit.getByLabel('Texto do post').fill(`${typed} Regamos hoje.`);
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await post.getByText('(editado)', { exact: false }).waitFor();
      await post.getByText('Regamos hoje.', { exact: false }).waitFor();
      await post.getByText(/Alface \(verão\)/).waitFor();
      await post.getByRole('img', { name: `Foto do post de ${author.name}` }).waitFor();
      await imagesLoaded(a, '.feed-post .photo-strip img');
      await shotBoth(a, 'feed-mural');
      const unreadBefore = await unreadBadge(a);

      // The neighbour joins, sees the post in the Mural, likes it and comments with a link.
      const b = await open(desktop);
      await register(b, neighbour);
      await acceptInvite(b, inviteUrl, groupName);
      await b.goto(`/grupos/${groupId}?aba=mural`);
      const seen = b.getByRole('article').filter({ hasText: marker });
      await seen.getByRole('button', { name: 'Curtir · 0' }).click();
      await seen.getByRole('button', { name: 'Curtido · 1', pressed: true }).waitFor();
      await seen.getByRole('button', { name: 'Comentários · 0' }).click();
      await seen.getByText('Nenhum comentário ainda.').waitFor();
      await seen.getByLabel('Comentar', { exact: true }).fill('Que beleza! Veja https://exemplo.com/rega <i>x</i>');
      await seen.getByRole('button', { name: 'Comentar', exact: true }).click();
      await seen.getByRole('button', { name: 'Comentários · 1' }).waitFor();
      const comment = seen.getByRole('listitem').filter({ hasText: 'Que beleza!' });
      await comment.getByRole('link', { name: 'exemplo.com/rega' }).waitFor();
      await comment.getByText('<i>x</i>', { exact: false }).waitFor();
      assert.equal(await comment.locator('i').count(), 0);
      await shotBoth(b, 'feed-post-comentarios');
      // "Meus grupos" on /feed merges the group's posts; "Comunidade" has none yet.
      await b.goto('/feed?aba=grupos');
      await b.getByRole('article').filter({ hasText: marker }).waitFor();
      await shotBoth(b, 'feed-meus-grupos');
      await b.goto('/feed');
      await b.getByRole('heading', { name: 'Nenhum post ainda' }).waitFor();
      await shotBoth(b, 'feed-comunidade-vazio');

      // The author: the bell counts the like and the comment without a reload; /notificacoes lists them.
      await a.waitForFunction((n) => Number(document.querySelector('[data-testid="unread-badge"]')?.textContent ?? 0) >= n, unreadBefore + 2, {
        timeout: 70_000,
      });
      await a.goto('/notificacoes');
      await a.getByRole('link', { name: `${neighbour.name} curtiu seu post` }).waitFor();
      await shotBoth(a, 'feed-notificacoes');
      // The notification opens the post itself, its comments open.
      await a.getByRole('link', { name: `${neighbour.name} comentou no seu post` }).click();
      await a.waitForURL('**/feed?post=*');
      const opened = a.getByRole('article').filter({ hasText: marker });
      await opened.getByText('Que beleza!', { exact: false }).waitFor();
      await opened.getByRole('button', { name: 'Curtir · 1' }).waitFor();
      await shotBoth(a, 'feed-post-notificado');
      // The cultivo's detail lists the post.
      await a.goto(cultivoUrl);
      await a.getByRole('article').filter({ hasText: marker }).waitFor();
      await shotBoth(a, 'feed-cultivo-posts');

      // Three verified members older than 3 days report it; at the third it is hidden from everyone but its author.
      for (let i = 0; i < 3; i++) {
        const r = await open(desktop);
        await register(r, person(`Denunciante ${i + 1}`, 10 + i));
        await seedAccountAge({ endpoint: cloud.dynamoEndpoint, table: cloud.tableName, userId: await userIdOf(r), days: 4, verified: true });
        await acceptInvite(r, inviteUrl, groupName);
        await r.goto(`/grupos/${groupId}?aba=mural`);
        const target = r.getByRole('article').filter({ hasText: marker });
        await target.getByRole('button', { name: 'Denunciar' }).first().click();
        const form = target.getByRole('form', { name: 'Denunciar' });
        await form.getByLabel('Spam').check();
        if (i === 0) await shotBoth(r, 'feed-denuncia');
        await form.getByRole('button', { name: 'Enviar denúncia' }).click();
        if (i < 2) {
          await target.getByText('Denúncia enviada. Obrigado por ajudar a cuidar da comunidade.').waitFor();
        } else {
          await r.getByRole('heading', { name: 'Nenhum post ainda' }).waitFor();
        }
      }
      await b.goto(`/grupos/${groupId}?aba=mural`);
      await b.getByRole('heading', { name: 'Nenhum post ainda' }).waitFor();
      await b.goto('/feed?aba=grupos');
      await b.getByRole('heading', { name: 'Nenhum post ainda' }).waitFor();
      await a.goto(`/grupos/${groupId}?aba=mural`);
      await a
        .getByRole('article')
        .filter({ hasText: marker })
        .getByText('Este post recebeu denúncias e está oculto para os outros até a revisão da moderação.')
        .waitFor();

      // The demo admin keeps it from /admin/moderacao.
      const adm = await open(desktop);
      await signIn(adm, cloud.admin);
      await adm.goto('/admin/moderacao');
      const item = adm.getByRole('article', { name: `Post de ${author.name}` });
      await item.getByText('3 denúncias').waitFor();
      await item.getByText(marker, { exact: false }).waitFor();
      assert.equal(await item.getByRole('list', { name: 'Denúncias' }).getByRole('listitem').count(), 3);
      await item.getByText(/Spam por Denunciante 1/).waitFor();
      await shotBoth(adm, 'feed-moderacao');
      await item.getByRole('button', { name: 'Manter' }).click();
      await adm.getByRole('heading', { name: 'Nenhuma denúncia pendente' }).waitFor();
      await shotBoth(adm, 'feed-moderacao-vazia');

      // It returns for the neighbour.
      await b.goto(`/grupos/${groupId}?aba=mural`);
      await b.getByRole('article').filter({ hasText: marker }).getByRole('button', { name: 'Curtido · 1' }).waitFor();

      assert.equal(dialogs, 0, 'no alert() ran');
    });
  });
});
