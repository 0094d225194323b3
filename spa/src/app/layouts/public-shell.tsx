import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';

/** The frame of the public group pages, seen signed out too. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/dashboard" aria-label="Verde — ir para o Dashboard">
          <Logo />
        </Link>
      </header>
      <main className="public-main">{children}</main>
    </div>
  );
}
