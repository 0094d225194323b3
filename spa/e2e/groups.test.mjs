// The groups-and-lotes journey in a real browser against the local cloud: an owner creates a
// group, splits it into 12 lotes and makes an invite; a second person opens the invite signed
// out, registers, lands back and joins; the owner assigns A1 to them; they see it on the lotes
// grid (on a 360 px phone); the public page shows the counts and no e-mail.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoSidewaysScroll, createGroup, createInvite, fillRegistration, heading, people, register, runId, signIn, useLocalCloud, withSession } from './support/journey.mjs';

useLocalCloud();
const person = people('grupos');

/** The value shown for a fact (<dt>label</dt><dd>value</dd>) of the group's summary. */
async function fact(page, label) {
  return (await page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').textContent()).trim();
}

describe('groups and lotes in Chromium against the local cloud', { timeout: 600_000 }, () => {
  test('create a group, 12 lotes and an invite; join through it after registering; assign A1; public page', async () => {
    const owner = person('Rosa Fundadora', 1);
    const newcomer = person('Joaquim Convidado', 2);
    const groupName = `Horta Comunitária ${runId}`;
    let groupId;
    let inviteUrl;

    // The owner: register, create the group, bulk-create A1–A12, make an invite.
    await withSession(async (page) => {
      await register(page, owner);

      groupId = await createGroup(page, groupName, { descricao: 'Canteiros no terreno da associação de moradores.' });
      assert.ok(groupId, 'the new group’s id is in the address');
      await page.getByText('Grupo criado! Você ganhou 20 pontos.').waitFor();

      await page.getByRole('link', { name: 'Ver lotes' }).click();
      await heading(page, 'Lotes do grupo');
      await page.getByRole('heading', { name: 'Nenhum lote ainda' }).waitFor();
      await page.getByRole('button', { name: 'Criar lotes' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Criar lotes' });
      await dialog.getByText('Serão criados A1 a A12 (12 lotes).').waitFor();
      await dialog.getByLabel('Área de cada lote (m²)').fill('6,5');
      await dialog.getByRole('button', { name: 'Criar lotes' }).click();
      await page.getByText('12 lotes criados: A1 a A12.').waitFor();
      const grid = page.getByRole('list', { name: 'Lotes' });
      await grid.getByRole('button', { name: 'Lote A12, livre', exact: true }).waitFor();
      assert.equal(await grid.getByRole('button').count(), 12);

      inviteUrl = await createInvite(page, groupId);
      assert.match(inviteUrl, new RegExp(`/grupos/${groupId}/convite\\?c=[A-Za-z0-9_-]{22}$`));
    });

    // The newcomer: open the invite signed out, go through /login to registration, land back, join.
    await withSession(async (page) => {
      await page.goto(inviteUrl);
      await heading(page, 'Convite para grupo');
      await page.getByRole('heading', { level: 2, name: groupName }).waitFor();
      await page.getByRole('button', { name: 'Participar' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('link', { name: 'Criar conta' }).click();
      await page.waitForURL('**/registro');
      await fillRegistration(page, newcomer);
      await page.waitForURL(`**/grupos/${groupId}`);
      await heading(page, groupName);
      await page.getByText('Você entrou no grupo! +10 pontos.').waitFor();
      await page.getByRole('button', { name: 'Sair do grupo' }).waitFor();
    });

    // The owner assigns A1 to the newcomer.
    await withSession(async (page) => {
      await signIn(page, owner);
      await page.goto(`/grupos/${groupId}/lotes`);
      await page.getByRole('button', { name: 'Lote A1, livre', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Lote A1' });
      await dialog.getByLabel('Atribuir a').selectOption({ label: newcomer.name });
      await dialog.getByRole('button', { name: 'Atribuir' }).click();
      await page.getByText(`O lote A1 agora é de ${newcomer.name}.`).waitFor();
      await page.getByRole('button', { name: `Lote A1, ocupado por ${newcomer.name}`, exact: true }).waitFor();

      // And turns the invite off.
      await page.goto(`/grupos/${groupId}?aba=convites`);
      const invites = page.getByRole('list', { name: 'Links de convite' });
      await invites.getByRole('button', { name: 'Revogar' }).click();
      await page.getByRole('dialog', { name: 'Revogar este convite?' }).getByRole('button', { name: 'Revogar' }).click();
      await invites.getByText('Revogado', { exact: true }).waitFor();
    });

    // The newcomer sees A1 as theirs on a 360 px phone, without sideways scrolling.
    await withSession(
      async (page) => {
        await signIn(page, newcomer);
        await page.goto(`/grupos/${groupId}/lotes`);
        await heading(page, 'Lotes do grupo');
        await page.getByRole('button', { name: `Lote A1, ocupado por ${newcomer.name}, seu lote`, exact: true }).waitFor();
        await page.getByRole('button', { name: 'Lote A2, livre', exact: true }).waitFor();
        await assertNoSidewaysScroll(page, `/grupos/${groupId}/lotes`);
        await page.goto('/grupos');
        await page.getByText('Seu lote: A1').waitFor();
      },
      { viewport: { width: 360, height: 740 } },
    );

    // Anyone: the public page has the counts and no e-mail (nor anyone's name).
    await withSession(async (page) => {
      await page.goto(`/grupos/${groupId}/publico`);
      await heading(page, groupName);
      assert.equal(await fact(page, 'Membros'), '2 de 50');
      assert.equal(await fact(page, 'Lotes livres'), '11');
      assert.equal(await fact(page, 'Lotes ocupados'), '1');
      assert.equal(await fact(page, 'Novos membros este mês'), '2');
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /@/, 'no e-mail on the public page');
      for (const who of [owner, newcomer]) {
        assert.ok(!text.includes(who.name), `no member's name on the public page (${who.name})`);
      }
      await page.getByRole('link', { name: 'Criar conta e participar' }).waitFor();

      await page.goto(inviteUrl);
      await page.getByRole('heading', { level: 2, name: 'Este convite foi revogado' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Participar' }).count(), 0);
    });
  });

  test('an unknown invite token and an unknown group get clear pages, not errors', async () => {
    await withSession(async (page) => {
      await page.goto('/grupos/qualquer/convite?c=AAAAAAAAAAAAAAAAAAAAAA');
      await heading(page, 'Convite para grupo');
      await page.getByRole('heading', { level: 2, name: 'Convite não encontrado' }).waitFor();

      await page.goto('/grupos/nao-existe/publico');
      await heading(page, 'Página do grupo');
      await page.getByRole('heading', { level: 2, name: 'Grupo não encontrado' }).waitFor();
    });
  });
});
