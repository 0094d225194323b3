// E-mail in a real browser against the local cloud: Cognito's code arrives in Portuguese in the
// local mailbox; a member chooses the weekly digest in /configuracoes; the digest arrives with the
// group's post; its unsubscribe link works signed out (and a forged one is refused); /admin/dados
// starts a failed export again. Screens at 360 and 1280 px go to VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { putItem } from './support/dynamodb.mjs';
import { createGroup, eventually, people, register, runId, shotBoth, signIn, useLocalCloud, withSession, withSessions } from './support/journey.mjs';

const cloud = useLocalCloud();
const person = people('resumo');

/** The mailbox's last message to address whose subject matches, waiting until one arrives. */
async function mailTo(address, subject) {
  const probe = async () => {
    const res = await fetch(`${cloud.url}/dev/emails.json`);
    const mails = (await res.json()).filter((m) => m.to.toLowerCase() === address.toLowerCase() && subject.test(m.subject));
    return mails.at(-1);
  };
  return eventually(probe, `an e-mail to ${address} matching ${subject}`);
}

describe('e-mail against the local cloud', { timeout: 600_000 }, () => {
  test('the code in Portuguese, the digest chosen and received, its link stops it signed out', async () => {
    const author = person('Olga Resumo');
    await withSessions(async (open) => {
      const page = await open();
      await register(page, author);

      // The banner asked Cognito for the e-mail's code: it is in the mailbox, in Portuguese.
      const code = await mailTo(author.email, /Confirme seu e-mail no Verde/);
      assert.equal(code.via, 'Cognito');
      assert.match(code.text, /Olá, Olga!/);
      assert.match(code.text, /\d{6}/);
      await page.goto(`/dev/emails/${code.id}`);
      await shotBoth(page, 'mailbox-cognito', { ready: () => page.getByRole('heading', { name: 'Confirme seu e-mail no Verde' }).waitFor() });

      // A group with a post this week.
      const groupName = `Horta do Resumo ${runId}`;
      const groupId = await createGroup(page, groupName, { cidade: 'Recife', uf: 'PE' });
      await page.goto(`/grupos/${groupId}?aba=mural`);
      const composer = page.getByRole('form', { name: 'Novo post' });
      await composer.getByLabel('O que está acontecendo na sua horta?').fill('Colhemos as primeiras couves do canteiro 2!');
      await composer.getByRole('button', { name: 'Publicar' }).click();
      await page.getByText('Colhemos as primeiras couves do canteiro 2!').first().waitFor();

      // /configuracoes: the digest, off until chosen.
      await page.goto('/configuracoes');
      const emails = page.getByRole('region', { name: 'E-mails' });
      const resumo = emails.getByRole('checkbox', { name: /Resumo semanal dos grupos/ });
      await resumo.waitFor();
      assert.equal(await resumo.isChecked(), false);
      await resumo.check();
      await emails.getByText('Escolhas de e-mail salvas.').waitFor();
      await shotBoth(page, 'configuracoes-emails', { ready: () => emails.getByRole('checkbox', { name: /Resumo semanal dos grupos/ }).waitFor() });

      // The digest (make digest's request) arrives with the post and a one-click unsubscribe.
      const run = await fetch(`${cloud.url}/2015-03-31/functions/DigestFunction/invocations`, { method: 'POST', body: '{}' });
      assert.equal(run.status, 200, await run.text());
      const digest = await mailTo(author.email, /Resumo da semana nos seus grupos/);
      assert.equal(digest.via, 'SES');
      assert.match(digest.text, new RegExp(groupName));
      assert.match(digest.text, /Colhemos as primeiras couves/);
      assert.match(digest.listUnsubscribe, /\/api\/emails\/descadastro\?t=resumo\./);
      assert.equal(digest.listUnsubscribePost, 'List-Unsubscribe=One-Click');
      await page.goto(`/dev/emails/${digest.id}`);
      await shotBoth(page, 'mailbox-digest', { ready: () => page.getByRole('heading', { name: 'Resumo da semana nos seus grupos' }).waitFor() });
      const pageLink = digest.text.match(/Não quero mais o resumo semanal: (\S+)/)[1];

      // Signed out, in another browser: the link's page, then the button.
      const p = await open();
      const forged = pageLink.replace(/\.([A-Za-z0-9_-]+)$/, '.AAAA$1');
      await p.goto(forged);
      await p.getByRole('alert').filter({ hasText: 'Este link de descadastro não é válido' }).waitFor();
      await p.goto(pageLink);
      await p.getByRole('button', { name: 'Parar de receber' }).waitFor();
      await shotBoth(p, 'descadastro', { ready: () => p.getByRole('button', { name: 'Parar de receber' }).waitFor() });
      await p.getByRole('button', { name: 'Parar de receber' }).click();
      await p.getByRole('status').filter({ hasText: 'Pronto: você não vai mais receber resumo semanal dos grupos por e-mail.' }).waitFor();
      await shotBoth(p, 'descadastro-feito', { ready: () => p.getByRole('status').first().waitFor() });

      await page.goto('/configuracoes');
      const after = page.getByRole('region', { name: 'E-mails' }).getByRole('checkbox', { name: /Resumo semanal dos grupos/ });
      await after.waitFor();
      assert.equal(await after.isChecked(), false, 'the link stopped the digest');
    });
  });

  test('/admin/dados starts a failed export again', async () => {
    await withSession(async (page) => {
      const id = `e2e-falha-${runId}`;
      const at = new Date(Date.now() - 60_000).toISOString();
      await putItem({
        endpoint: cloud.dynamoEndpoint,
        table: cloud.tableName,
        item: {
          PK: { S: `EXPORT#${id}` }, SK: { S: 'META' }, type: { S: 'export' }, GSI1PK: { S: 'EXPORTS' }, GSI1SK: { S: `${at}#${id}` },
          id: { S: id }, entidade: { S: 'grupos' }, formato: { S: 'csv' }, status: { S: 'erro' }, erro: { S: 'A exportação falhou' },
          adminId: { S: 'e2e' }, criadoEm: { S: at }, concluiuEm: { S: at }, atualizadoEm: { S: at },
          chave: { S: `exports/${id}/grupos.csv` }, partes: { L: [] }, linhas: { N: '0' }, bytes: { N: '0' }, execucoes: { N: '1' },
        },
      });
      await signIn(page, cloud.admin);
      await page.goto('/admin/dados');
      const row = page.getByRole('listitem').filter({ hasText: 'A exportação falhou' });
      await row.getByRole('button', { name: 'Tentar de novo' }).waitFor();
      await shotBoth(page, 'admin-dados-falhou', { ready: () => row.getByRole('button', { name: 'Tentar de novo' }).waitFor() });
      await row.getByRole('button', { name: 'Tentar de novo' }).click();
      // The job runs the export again to the end.
      await page.getByRole('list', { name: 'Exportações recentes' }).getByRole('button', { name: 'Baixar' }).first().waitFor();
      assert.equal(await page.getByRole('button', { name: 'Tentar de novo' }).count(), 0);
    });
  });
});
