// The sign-in and registration screens' messages, and the checks behind them.
import { charCount, cleanText, maxNomeLength } from '@/lib/text';

export const minPasswordLength = 8;

export const authMessages = {
  passwordMismatch: 'As senhas não coincidem',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  loginFailed: 'Email ou senha incorretos',
  totpInvalid: 'Digite os 6 dígitos do código do seu aplicativo autenticador',
  totpFailed: 'Código incorreto ou expirado. Confira o código no aplicativo e tente novamente.',
  registerFailed: 'Erro ao criar conta. Tente novamente.',
  googleLoginFailedPrefix: 'Erro ao fazer login com Google: ',
  googleRegisterFailed: 'Erro ao registrar com Google',
  popupBlocked: 'Popup bloqueado pelo navegador. Tente novamente ou desabilite o bloqueador de popups.',
  noRedirectResult: 'Nenhum resultado de redirect encontrado',
  // Required fields.
  nameRequired: 'Informe seu nome completo',
  nameTooLong: `O nome deve ter no máximo ${maxNomeLength} caracteres`,
  emailRequired: 'Informe seu email',
  emailInvalid: 'Informe um email válido',
  passwordRequired: 'Informe sua senha',
  confirmPasswordRequired: 'Confirme sua senha',
} as const;

export type AuthField = 'name' | 'email' | 'password' | 'confirmPassword';
export interface FieldError {
  field: AuthField;
  message: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkEmail(email: string): FieldError | null {
  if (!email.trim()) return { field: 'email', message: authMessages.emailRequired };
  if (!emailPattern.test(email.trim())) return { field: 'email', message: authMessages.emailInvalid };
  return null;
}

export function validateLogin(input: { email: string; password: string }): FieldError | null {
  return checkEmail(input.email) ?? (input.password ? null : { field: 'password', message: authMessages.passwordRequired });
}

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first problem of a registration: name, e-mail, password, its confirmation, then their match and length. */
export function validateRegistration(input: RegistrationInput): FieldError | null {
  if (!input.name.trim()) return { field: 'name', message: authMessages.nameRequired };
  if (charCount(cleanText(input.name)) > maxNomeLength) return { field: 'name', message: authMessages.nameTooLong };
  const emailError = checkEmail(input.email);
  if (emailError) return emailError;
  if (!input.password) return { field: 'password', message: authMessages.passwordRequired };
  if (!input.confirmPassword) return { field: 'confirmPassword', message: authMessages.confirmPasswordRequired };
  if (input.password !== input.confirmPassword) return { field: 'confirmPassword', message: authMessages.passwordMismatch };
  if (input.password.length < minPasswordLength) return { field: 'password', message: authMessages.passwordTooShort };
  return null;
}

/**
 * The provider's error text as the user should read it after 'Erro ao fazer login com Google: '
 * (authMessages.googleLoginFailedPrefix): Cognito wraps a sign-up trigger's refusal (a Google account whose e-mail belongs to
 * an unconfirmed password account) as "PreSignUp failed with error <our message>.", and only
 * our message is for the user.
 */
export function providerErrorText(raw: string): string {
  const wrapped = /^PreSignUp failed with error (.+?)\.?\s*$/s.exec(raw.trim());
  return wrapped?.[1] ?? raw;
}

/**
 * Cognito's answer to the first Google sign-in right after PreSignUp linked it to an existing
 * account: the link is made, and signing in again goes straight into that account.
 */
export function isFreshLinkError(raw: string): boolean {
  return /Already found an entry for username/i.test(raw);
}
