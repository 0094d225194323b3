import { useId, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { InputField } from '@/components/ui/fields';
import { Notice } from '@/components/ui/flash';
import { CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import {
  bannerDismissed,
  checkEmailCode,
  dismissBanner,
  emailCodeError,
  emailCodeMessages,
} from '@/features/auth/email-verification';
import '@/features/auth/email-banner.css';

type Busy = 'idle' | 'confirm' | 'resend';

/**
 * Shown in the signed-in shell while the user's e-mail is unverified: registration lands on
 * /dashboard at once, and Cognito e-mails a code meanwhile. The user types it here, asks
 * for another ("Reenviar código"), or closes the banner for this visit.
 */
export function EmailVerificationBanner() {
  const { user, confirmEmail, sendEmailCode } = useAuth();
  const [dismissed, setDismissed] = useState(() => (user ? bannerDismissed(user.id) : false));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<Busy>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  if (!user) return null;
  if (user.emailVerified) return <Notice message={notice} />;
  if (dismissed) return null;

  async function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'idle') return;
    const invalid = checkEmailCode(code);
    if (invalid) {
      setError(invalid);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setNotice(null);
    setBusy('confirm');
    const result = await confirmEmail(code.trim());
    setBusy('idle');
    if (result.success) {
      setNotice(emailCodeMessages.confirmed);
      return;
    }
    setError(emailCodeError(result.code));
    inputRef.current?.focus();
  }

  async function handleResend() {
    if (busy !== 'idle' || !user) return;
    setError(null);
    setNotice(null);
    setBusy('resend');
    const result = await sendEmailCode();
    setBusy('idle');
    if (result.success) {
      setCode('');
      setNotice(`Enviamos um novo código para ${user.email}.`);
      inputRef.current?.focus();
      return;
    }
    setError(emailCodeError(result.code, true));
  }

  function handleDismiss() {
    if (user) dismissBanner(user.id);
    setDismissed(true);
  }

  return (
    <section className="email-banner" aria-labelledby={titleId}>
      <div className="email-banner-head">
        <h2 id={titleId} className="email-banner-title">
          {emailCodeMessages.title}
        </h2>
        <button type="button" className="icon-button email-banner-close" aria-label="Fechar aviso" onClick={handleDismiss}>
          <CloseIcon />
        </button>
      </div>
      <p className="email-banner-text">
        Enviamos um código de 6 dígitos para <strong>{user.email}</strong>. Digite-o abaixo para confirmar que o e-mail
        é seu.
      </p>
      <form className="email-banner-form" onSubmit={handleConfirm} noValidate>
        <InputField
          ref={inputRef}
          label="Código de confirmação"
          name="codigo"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <div className="email-banner-actions">
          <button type="submit" className="button button-primary" disabled={busy !== 'idle'} aria-busy={busy === 'confirm' || undefined}>
            {busy === 'confirm' ? (
              <>
                <Spinner /> Confirmando...
              </>
            ) : (
              'Confirmar'
            )}
          </button>
          <button type="button" className="button button-secondary" onClick={handleResend} disabled={busy !== 'idle'} aria-busy={busy === 'resend' || undefined}>
            {busy === 'resend' ? 'Reenviando...' : 'Reenviar código'}
          </button>
        </div>
      </form>
      <Notice message={notice} />
    </section>
  );
}
