import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { Logo } from '@/components/ui/logo';
import { MenuIcon } from '@/components/ui/icons';
import { PageLoader } from '@/components/ui/spinner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { getUnreadCount, takeFirstCountFrom, useUnreadCount } from '@/features/notifications/api/unread-count';
import { dashboardPath, fromDashboard } from '@/features/dashboard/api/queries';
import { SideMenu } from '@/app/layouts/shell/side-menu';
import { UserMenu } from '@/app/layouts/shell/user-menu';
import { RouteErrorBoundary } from '@/app/route-error-boundary';

const sideMenuId = 'side-menu';

// Only a user whose e-mail is unverified downloads the banner: /dashboard's JavaScript budget.
const EmailVerificationBanner = lazy(() =>
  import('@/features/auth/components/email-verification-banner').then((m) => ({ default: m.EmailVerificationBanner })),
);

/** The signed-in shell: top bar, side menu, and the nested page. */
export function MainLayout() {
  const { isAdmin, user } = useAuth();
  // Once shown, the banner stays mounted: after the code it says "E-mail confirmado.".
  const [bannerNeeded, setBannerNeeded] = useState(false);
  if (user && !user.emailVerified && !bannerNeeded) setBannerNeeded(true);
  const { pathname } = useLocation();
  // Opened on /dashboard, the bell's first count is the one in the cards' reply (GET /api/dashboard).
  useState(() => {
    if (dashboardPath.test(pathname)) takeFirstCountFrom(fromDashboard((d) => d.naoLidas, getUnreadCount));
  });
  const unread = useUnreadCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // On small screens the menu is a drawer: focus goes into it when it opens and back to the
  // menu button when it closes; Escape closes it.
  useEffect(() => {
    if (menuOpen) {
      closeButtonRef.current?.focus();
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Escape') setMenuOpen(false);
      };
      document.addEventListener('keydown', onKey);
      wasOpen.current = true;
      return () => document.removeEventListener('keydown', onKey);
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      if (document.activeElement === document.body || closeButtonRef.current === document.activeElement) {
        menuButtonRef.current?.focus();
      }
    }
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <div className={`app-shell${menuOpen ? ' menu-open' : ''}`}>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="top-bar">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button menu-button"
          aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={menuOpen}
          aria-controls={sideMenuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <Link to="/dashboard" className="top-bar-logo" aria-label="Verde — ir para o Dashboard">
          <Logo />
        </Link>
        <div className="top-bar-actions">
          <NotificationBell count={unread} />
          <UserMenu />
        </div>
      </header>
      <SideMenu ref={closeButtonRef} id={sideMenuId} open={menuOpen} isAdmin={isAdmin} onClose={closeMenu} />
      {menuOpen && <div className="overlay" data-testid="menu-overlay" onClick={closeMenu} aria-hidden="true" />}
      <main id="conteudo" className="main-content" tabIndex={-1}>
        {bannerNeeded && (
          <Suspense fallback={null}>
            <EmailVerificationBanner />
          </Suspense>
        )}
        {/* The shell stays while the next screen's chunk loads ('Carregando...') or if it fails. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
