import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';

// TOTP MFA (an authenticator app) through Cognito (Amplify). Never imported statically:
// loadMfaActions() (mfa-loader.ts) brings it with Amplify's configuration on first use.

export type MfaResult = { success: true } | { success: false; error: string };

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
}

function mfaErrorText(error: unknown): string {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'Código incorreto. Confira o código no aplicativo e tente novamente.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    default:
      return 'Não foi possível concluir. Tente novamente.';
  }
}

/** Whether the account signs in with an authenticator app's code. */
export async function totpEnabled(): Promise<boolean> {
  const pref = await fetchMFAPreference();
  return pref.enabled?.includes('TOTP') ?? false;
}

/** A new secret for the app, and its otpauth:// address (for phones that open it). */
export async function startTotp(account: string): Promise<{ secret: string; uri: string }> {
  const out = await setUpTOTP();
  return { secret: out.sharedSecret, uri: out.getSetupUri('Verde', account).toString() };
}

/** The app's first code proves the setup; TOTP then becomes the account's second step. */
export async function confirmTotp(code: string): Promise<MfaResult> {
  try {
    await verifyTOTPSetup({ code: code.replace(/\s/g, '') });
    await updateMFAPreference({ totp: 'PREFERRED' });
    return { success: true };
  } catch (error) {
    return { success: false, error: mfaErrorText(error) };
  }
}

/** Turns the second step off (an admin loses the admin panel until it is on again). */
export async function disableTotp(): Promise<MfaResult> {
  try {
    await updateMFAPreference({ totp: 'DISABLED' });
    return { success: true };
  } catch (error) {
    return { success: false, error: mfaErrorText(error) };
  }
}
