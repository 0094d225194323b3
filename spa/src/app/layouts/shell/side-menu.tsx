import { forwardRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { createGroupItem, isCurrentPath, menuItems } from '@/app/layouts/shell/menu-items';

interface Props {
  id: string;
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
}

export const SideMenu = forwardRef<HTMLButtonElement, Props>(function SideMenu({ id, open, isAdmin, onClose }, closeRef) {
  const { pathname } = useLocation();
  const items = menuItems.filter((item) => !item.adminOnly || isAdmin);
  return (
    <nav id={id} className={`side-menu${open ? ' open' : ''}`} aria-label="Menu principal">
      <div className="side-menu-header">
        <span className="side-menu-title">Menu</span>
        <button ref={closeRef} type="button" className="icon-button side-menu-close" onClick={onClose} aria-label="Fechar menu">
          <CloseIcon />
        </button>
      </div>
      <ul className="side-menu-list">
        {items.map((item) => {
          const current = isCurrentPath(item.path, pathname);
          const Icon = item.icon;
          return (
            <li key={item.path}>
              <Link
                to={item.path}
                className={`side-menu-item${current ? ' active' : ''}`}
                aria-current={current ? 'page' : undefined}
                onClick={onClose}
              >
                <Icon />
                <span>{item.label}</span>
                {item.badge && <span className="tag tag-dev">{item.badge}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="side-menu-footer">
        <Link
          to={createGroupItem.path}
          className={`button button-primary button-block${isCurrentPath(createGroupItem.path, pathname) ? ' active' : ''}`}
          aria-current={isCurrentPath(createGroupItem.path, pathname) ? 'page' : undefined}
          onClick={onClose}
        >
          <PlusIcon />
          <span>{createGroupItem.label}</span>
        </Link>
      </div>
    </nav>
  );
});
