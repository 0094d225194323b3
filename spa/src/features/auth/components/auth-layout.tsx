import { useEffect, type ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { AuthBackground } from '@/features/auth/components/auth-background';
import '@/features/auth/auth.css';

/** The sign-in screens' card: logo, title and subtitle, then `notice` (why the visitor is here, when told) over the form. */
export function AuthLayout({
  heading,
  title,
  subtitle,
  notice,
  children,
}: {
  heading?: string;
  title: string;
  subtitle: string;
  notice?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Verde`;
  }, [title]);
  return (
    <div className="auth-page">
      <AuthBackground />
      <main className="auth-card">
        <div className="auth-logo">
          <Logo size="lg" />
        </div>
        {heading && <p className="auth-heading">{heading}</p>}
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        {notice && (
          <p className="flash" role="status">
            {notice}
          </p>
        )}
        {children}
      </main>
    </div>
  );
}
