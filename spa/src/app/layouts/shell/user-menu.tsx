import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, LogoutIcon, SettingsIcon, ShieldIcon, UserIcon } from '@/components/ui/icons';

/** The user dropdown of the top bar: name, e-mail, Meu Perfil, Configurações, Painel Admin, Sair. */
export function UserMenu() {
  const { user, userData, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const name = userData?.nome || user?.name || '';
  const email = userData?.email || user?.email || '';

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
    navigate('/login', { replace: true });
  }

  const close = () => setOpen(false);
  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        // The name holds what the button shows (label in name): the member's name; the initials are drawn, not text.
        aria-label={`Menu do usuário${name ? `: ${name}` : ''}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar name={name} photo={userData?.foto} eager drawnInitials />
        <span className="user-menu-name">{name}</span>
        <ChevronDownIcon />
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!open}>
        <div className="user-menu-identity">
          <p className="user-menu-identity-name text-clamp-2" data-testid="user-menu-name" title={name || undefined}>
            {name || 'Usuário'}
          </p>
          <p className="user-menu-identity-email text-truncate" title={email || undefined}>
            {email}
          </p>
        </div>
        <ul>
          <li>
            <Link to="/perfil" onClick={close}>
              <UserIcon /> Meu Perfil
            </Link>
          </li>
          <li>
            <Link to="/configuracoes" onClick={close}>
              <SettingsIcon /> Configurações
            </Link>
          </li>
          {isAdmin && (
            <li>
              <Link to="/admin" onClick={close}>
                <ShieldIcon /> Painel Admin <span className="tag tag-dev">Dev</span>
              </Link>
            </li>
          )}
          <li>
            <button type="button" onClick={handleSignOut} disabled={signingOut}>
              <LogoutIcon /> Sair
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
