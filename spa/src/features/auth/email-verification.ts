// The words of the "Confirme seu e-mail" banner, and how a code is checked before it is sent.

export const emailCodeMessages = {
  title: 'Confirme seu e-mail',
  codeRequired: 'Informe o código enviado para seu e-mail',
  codeFormat: 'O código tem 6 dígitos',
  mismatch: 'Código incorreto. Confira o código enviado para seu e-mail',
  expired: 'Este código expirou. Clique em "Reenviar código" para receber outro',
  tooMany: 'Muitas tentativas. Aguarde alguns minutos e tente novamente',
  failed: 'Não foi possível confirmar o e-mail. Tente novamente',
  resendFailed: 'Não foi possível reenviar o código. Tente novamente',
  confirmed: 'E-mail confirmado.',
} as const;

/** The field's error for a typed code, or null when it may be sent. */
export function checkEmailCode(code: string): string | null {
  const trimmed = code.trim();
  if (!trimmed) return emailCodeMessages.codeRequired;
  if (!/^\d{6}$/.test(trimmed)) return emailCodeMessages.codeFormat;
  return null;
}

/** The user's words for a failed Cognito call, by its error name. */
export function emailCodeError(code: string, resend = false): string {
  switch (code) {
    case 'CodeMismatchException':
      return emailCodeMessages.mismatch;
    case 'ExpiredCodeException':
      return emailCodeMessages.expired;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return emailCodeMessages.tooMany;
    default:
      return resend ? emailCodeMessages.resendFailed : emailCodeMessages.failed;
  }
}

const dismissKey = (userId: string) => `verde.emailBanner.dismissed.${userId}`;

/** Dismissed for this browser session only: it comes back at the next visit. */
export function bannerDismissed(userId: string): boolean {
  try {
    return sessionStorage.getItem(dismissKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function dismissBanner(userId: string): void {
  try {
    sessionStorage.setItem(dismissKey(userId), '1');
  } catch {
    // storage unavailable: dismissed until the page reloads
  }
}
