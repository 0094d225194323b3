// The steps the browser journeys share: the local cloud a test file runs against, its browser
// sessions, members and the demo admin signing up and in, groups, invites and cultivos made through
// the screens, calls to the API with a page's session, and screenshots at 360 and 1280 px. Each
// journey file runs in a process of its own (node --test), so what is kept here (the run's id,
// the cloud) belongs to one file.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { openSession, waitCeiling } from './browser.mjs';
import { startLocalCloud } from './local-cloud.mjs';
import { answerTotp } from './totp.mjs';

/** This run's id (base 36 of the start time): names and e-mails never meet an earlier run's. */
export const runId = Date.now().toString(36);

/** Where screenshots go: the folder VERDE_SHOTS names, or nowhere when it is unset. */
const shotsDir = process.env.VERDE_SHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

let current = null;

/** Starts the local cloud before the file's tests and stops it after them; the object returned holds it (url, admin, log, …) once started. */
export function useLocalCloud() {
  const cloud = {};
  before(async () => {
    current = Object.assign(cloud, await startLocalCloud());
  });
  after(async () => {
    await cloud.stop?.();
    current = null;
  });
  return cloud;
}

function cloudUrl() {
  if (!current) throw new Error('no local cloud: call useLocalCloud() at the top of the test file');
  return current.url;
}

/** Runs fn(open): open(options) opens a browser session on the cloud (openSession's options) and gives its page; every session must end free of uncaught page errors; all are closed at the end, whatever happened. */
export async function withSessions(fn) {
  const opened = [];
  const open = async (options = {}) => {
    const session = await openSession({ baseURL: cloudUrl(), ...options });
    opened.push(session);
    return session.page;
  };
  try {
    await fn(open);
    for (const session of opened) assert.deepEqual(session.errors.map(String), [], 'uncaught errors in the page');
  } finally {
    for (const session of opened) await session.close();
  }
}

/** Runs fn(page) in one fresh browser session on the cloud (openSession's options), as withSessions does. */
export async function withSession(fn, options = {}) {
  await withSessions(async (open) => fn(await open(options)));
}

/** A maker of members for one file: person(name, n) has the e-mail e2e-<tag>-<runId>-<n>@exemplo.com (n counts up when left out) and the password segredo-123. */
export function people(tag) {
  let count = 0;
  return (name, n = ++count) => ({ name, email: `e2e-${tag}-${runId}-${n}@exemplo.com`, password: 'segredo-123' });
}

/** Waits for the page's level-1 heading named exactly name. */
export async function heading(page, name) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Fills /registro's form with user (confirm: what goes in "Confirmar senha") and presses "Criar conta"; the page must be at /registro. */
export async function fillRegistration(page, user, confirm = user.password) {
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(confirm);
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

/** Registers user through /registro and waits for /dashboard: the page is then signed in. */
export async function register(page, user) {
  await page.goto('/registro');
  await fillRegistration(page, user);
  await page.waitForURL('**/dashboard');
}

/** Registers user in a browser session of its own, closed at once: the account exists and no page is signed in. */
export async function createAccount(user) {
  await withSession((page) => register(page, user));
}

/** Fills /login's form with user's e-mail and password and presses Entrar; the page must be at /login. */
export async function submitSignIn(page, user) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Signs user in through /login, answering the app's code when user has a totpSecret (the demo admin: cloud.admin), and waits for /dashboard. */
export async function signIn(page, user) {
  await page.goto('/login');
  await submitSignIn(page, user);
  if (user.totpSecret) await answerTotp(page, user.totpSecret);
  await page.waitForURL('**/dashboard');
}

/** Signs out through the user menu's "Sair" and waits for /login. */
export async function signOut(page) {
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL('**/login');
}

/** The signed-in page's Cognito access token (null when signed out). */
export async function accessToken(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    return key ? localStorage.getItem(key) : null;
  });
}

/** The signed-in page's user id (its access token's sub). */
export async function userIdOf(page) {
  const payload = (await accessToken(page)).split('.')[1];
  return JSON.parse(Buffer.from(payload, 'base64url').toString()).sub;
}

/** Calls the API as the signed-in page's user (its access token, a fresh Idempotency-Key): { status, body }. */
export async function api(page, method, path, body) {
  const res = await fetch(`${cloudUrl()}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await accessToken(page)}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The number the bell's unread badge shows (0 without a badge). */
export async function unreadBadge(page) {
  const badge = page.getByTestId('unread-badge');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

/** Creates a group through /grupos/novo (beforeSubmit(page) runs with the form filled) and waits for its page; returns its id. */
export async function createGroup(page, name, { cidade = 'Campinas', uf = 'SP', descricao, beforeSubmit } = {}) {
  await page.goto('/grupos/novo');
  await heading(page, 'Criar Grupo');
  await page.getByLabel('Nome do grupo').fill(name);
  if (descricao !== undefined) await page.getByLabel('Descrição (opcional)').fill(descricao);
  await page.getByLabel('Cidade').fill(cidade);
  await page.getByLabel('UF').selectOption(uf);
  if (beforeSubmit) await beforeSubmit(page);
  await page.getByRole('button', { name: 'Criar grupo' }).click();
  await heading(page, name);
  return new URL(page.url()).pathname.split('/')[2];
}

/** Makes an invite on the group's Convites tab; returns its link. */
export async function createInvite(page, groupId) {
  await page.goto(`/grupos/${groupId}?aba=convites`);
  await page.getByRole('button', { name: 'Criar convite' }).click();
  await page.getByText('Convite criado!').waitFor();
  return page.getByLabel('Link do convite').first().inputValue();
}

/** Joins the group from its page ("Participar") and waits for the welcome with its points. */
export async function joinGroup(page, groupId) {
  await page.goto(`/grupos/${groupId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await page.getByText('Você entrou no grupo! +10 pontos.').first().waitFor();
}

/** Joins the group named groupName through its invite link, signed in, until "Sair do grupo" shows. */
export async function acceptInvite(page, inviteUrl, groupName) {
  await page.goto(inviteUrl);
  await page.getByRole('heading', { level: 2, name: groupName }).waitFor();
  await page.getByRole('button', { name: 'Participar' }).click();
  await page.getByRole('button', { name: 'Sair do grupo' }).waitFor();
}

/** Creates a cultivo of vegetal through /cultivos?novo= (onde: a group's name; plantio: yyyy-mm-dd) and waits for its page; returns its path. */
export async function createCultivo(page, { vegetal = 'alface-verao', onde, quantidade, plantio }) {
  await page.goto(`/cultivos?novo=${vegetal}`);
  const create = page.getByRole('dialog', { name: 'Novo cultivo' });
  if (onde) await create.getByLabel('Onde').selectOption({ label: onde });
  await create.getByLabel('Quantidade').fill(String(quantidade));
  if (plantio) await create.getByLabel('Data de plantio').fill(plantio);
  await create.getByRole('button', { name: 'Criar cultivo' }).click();
  await page.waitForURL('**/cultivos/*');
  await page.getByText('Cultivo criado! +10 pontos.').waitFor();
  return new URL(page.url()).pathname;
}

/** Opens "Registrar colheita" on the cultivo's page and records quantidade (as typed, e.g. '1,2'). */
export async function recordColheita(page, quantidade) {
  await page.getByRole('button', { name: 'Registrar colheita' }).click();
  const colheita = page.getByRole('dialog', { name: 'Registrar colheita' });
  await colheita.getByLabel('Quantidade').fill(quantidade);
  await colheita.getByRole('button', { name: 'Registrar colheita' }).click();
}

/** Sets where the signed-in member grows (UF and city) on /perfil and waits until it is saved. */
export async function setHome(page, uf, cidade) {
  await page.goto('/perfil');
  await page.getByRole('button', { name: /Editar/ }).first().click();
  await page.getByLabel('UF').selectOption(uf);
  await page.getByLabel('Cidade').fill(cidade);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText(`${cidade}/${uf}`).waitFor();
  await page.getByRole('button', { name: /Editar/ }).first().waitFor();
}

/** Asks probe() every `every` ms, at most `tries` times, until it gives something other than undefined, and returns that; else fails saying what never came. */
export async function eventually(probe, what, { within = waitCeiling, every = 100 } = {}) {
  // A deadline, not a count of tries: on a busy machine each probe takes longer, and the wait
  // ends when the condition holds, however loaded the machine is, within the same ceiling as
  // every browser wait (support/browser.mjs).
  const deadline = Date.now() + within;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`never came within ${within / 1000} s: ${what}`);
    await new Promise((done) => setTimeout(done, every));
  }
}

/** yyyy-mm-dd in Brasília, n days ago. */
export function daysAgo(n) {
  return new Date(Date.now() - 3 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);
}

/** A planting date two months back: a harvest today is within what the vegetable gives (store/colheitas.go). */
export const plantedAgo = daysAgo(60);

/** Waits until every image the CSS selector finds has loaded. */
export async function imagesLoaded(page, selector) {
  await page.waitForFunction((all) => [...document.querySelectorAll(all)].every((i) => i.complete && i.naturalWidth > 0), selector);
}

/** Asserts that nothing on the page scrolls sideways (the document is no wider than the window); where names the screen. */
export async function assertNoSidewaysScroll(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scroll on ${where} (${overflow} px too wide)`);
}

/** Waits until the page has drawn two more frames and every running animation or transition that has an end (the menu drawer's slide) has ended. */
async function settle(page) {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const ending = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Saves the page as <name>-<viewport width>.png into VERDE_SHOTS (when set); the whole page unless fullPage is false. */
export async function shot(page, name, { fullPage = true } = {}) {
  if (!shotsDir) return;
  await page.screenshot({ path: join(shotsDir, `${name}-${page.viewportSize().width}.png`), fullPage });
}

/** The page at 360 × 740, then 1280 × 800 (left there), from its top once settled and ready() resolved: asserts nothing scrolls sideways (unless sideways is false) and saves each width (shot); with sideways false and no VERDE_SHOTS it does nothing. */
export async function shotBoth(page, name, { ready, sideways = true } = {}) {
  if (!sideways && !shotsDir) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    if (ready) await ready();
    if (sideways) await assertNoSidewaysScroll(page, `${name} at ${width} px`);
    await shot(page, name);
  }
}

/** Opens each [path, name] of screens in turn: waits for its first level-1 heading, for the network to rest and for ready(page) (when given), asserts that nothing scrolls sideways and saves the screen as name. */
export async function visitScreens(page, screens, { ready } = {}) {
  for (const [path, name] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    if (ready) await ready(page);
    await assertNoSidewaysScroll(page, path);
    await shot(page, name);
  }
}
