import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';

/** The frame of the public pages (group pages, the catalogue), seen signed out too. */
export function PublicShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/dashboard" aria-label="Verde — ir para o Dashboard">
          <Logo />
        </Link>
        {actions && (
          <nav className="public-nav" aria-label="Navegação pública">
            {actions}
          </nav>
        )}
      </header>
      <main id="conteudo" className="public-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
