import { confirmResetPassword, resetPassword, updatePassword } from 'aws-amplify/auth';

// Password changes through Cognito (Amplify): the signed-in user's change, and the "Esqueci
// minha senha" code flow. Never imported statically: loadPasswordActions() (password-loader.ts)
// brings it with Amplify's configuration only when a form is sent.

export type PasswordResult = { success: true } | { success: false; error: string };

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
}

/** The Portuguese words for Cognito's password errors. */
export function passwordErrorText(error: unknown, fallback: string): string {
  switch (errorName(error)) {
    case 'NotAuthorizedException':
      return 'Senha atual incorreta';
    case 'InvalidPasswordException':
      return 'A senha deve ter pelo menos 8 caracteres';
    case 'CodeMismatchException':
      return 'Código incorreto. Confira o código e tente novamente.';
    case 'ExpiredCodeException':
      return 'O código expirou. Peça um novo código.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    case 'InvalidParameterException':
      return 'Não é possível redefinir a senha desta conta. Se você entra com o Google, gerencie sua senha na sua Conta Google.';
    default:
      return fallback;
  }
}

/** Changes the signed-in user's password (Cognito ChangePassword). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<PasswordResult> {
  try {
    await updatePassword({ oldPassword, newPassword });
    return { success: true };
  } catch (error) {
    return { success: false, error: passwordErrorText(error, 'Não foi possível alterar a senha. Tente novamente.') };
  }
}

/** Step 1 of "Esqueci minha senha": Cognito e-mails a code (ForgotPassword). */
export async function requestPasswordCode(email: string): Promise<PasswordResult> {
  try {
    await resetPassword({ username: email.trim() });
    return { success: true };
  } catch (error) {
    return { success: false, error: passwordErrorText(error, 'Não foi possível enviar o código. Tente novamente.') };
  }
}

/** Step 2: the code and the new password (ConfirmForgotPassword). */
export async function confirmPasswordCode(email: string, code: string, newPassword: string): Promise<PasswordResult> {
  try {
    await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
    return { success: true };
  } catch (error) {
    return { success: false, error: passwordErrorText(error, 'Não foi possível redefinir a senha. Tente novamente.') };
  }
}
