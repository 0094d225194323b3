// The bench's sign-in through the SPA's /login page (lighthouse.mjs, profile-dashboard.mjs).
import { pathToFileURL } from 'node:url';

// signIn signs page in as who ({ email, password }) on the local cloud, answers the demo
// admin's TOTP step and waits for /dashboard; root is the repository's root.
export async function signIn(page, cloud, root, who) {
  await page.goto(`${cloud.url}/login`);
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await Promise.all([page.waitForNavigation({ timeout: 30_000 }).catch(() => {}), page.locator('button[type=submit]').click()]);
  // The demo admin has TOTP MFA: the second step asks for its authenticator's code.
  const { totpCode } = await import(pathToFileURL(`${root}/spa/e2e/support/totp.mjs`).href);
  await page.waitForSelector('input[name=totp]', { timeout: 30_000 });
  await page.locator('input[name=totp]').fill(totpCode(cloud.admin.totpSecret));
  await Promise.all([page.waitForNavigation({ timeout: 30_000 }).catch(() => {}), page.locator('button[type=submit]').click()]);
  await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 });
}
