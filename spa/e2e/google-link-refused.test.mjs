// A Google sign-in that PreSignUp refused (its e-mail belongs to a password account never
// confirmed) comes back to /login with Cognito's error; the screen says why, in Portuguese,
// without Cognito's wrapper. cognito-local's hosted UI has no Google, so the test arrives the way
// Cognito sends the browser back: /login?error=…&error_description=…, with the redirect the SPA
// started still in flight. Screens go to VERDE_SHOTS (when set).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shot, useLocalCloud, withSession } from './support/journey.mjs';

const cloud = useLocalCloud();
const reason =
  'Este e-mail já tem uma conta com senha, ainda não confirmada. Entre com seu e-mail e senha, confirme o e-mail com o código que enviamos e depois use o Google';

describe('refused Google link on /login', { timeout: 300_000 }, () => {
  for (const width of [360, 1280]) {
    test(`shows the trigger's reason at ${width} px`, async () => {
      await withSession(async (page) => {
        // What the SPA left in storage before it sent the browser to Cognito, in place before
        // the returning page's code runs (an init script): a /login opened first to write it
        // could still be starting Amplify, which clears the in-flight flag of a page without
        // Cognito's answer, when the test navigates on.
        await page.addInitScript((clientId) => {
          sessionStorage.setItem('verde.googleRedirect', '/dashboard');
          localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.inflightOAuth`, 'true');
        }, cloud.config.userPoolClientId);
        const description = `PreSignUp failed with error ${reason}. `;
        await page.goto(`/login?error_description=${encodeURIComponent(description)}&state=x&error=invalid_request`);
        const alert = page.getByRole('alert').filter({ hasText: 'Erro ao fazer login com Google' });
        await alert.waitFor();
        assert.equal((await alert.textContent()).trim(), `Erro ao fazer login com Google: ${reason}`);
        await shot(page, 'google-link-refused');
      }, { viewport: { width, height: 800 } });
    });
  }
});
