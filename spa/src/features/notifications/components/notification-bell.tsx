import { Link } from 'react-router-dom';
import { BellIcon } from '@/components/ui/icons';
import { unreadBadgeText } from '@/features/notifications/components/unread-badge';
import { plural } from '@/lib/format';

export function NotificationBell({ count }: { count: number }) {
  const badge = unreadBadgeText(count);
  const label = count > 0 ? `Notificações (${plural(count, 'não lida', 'não lidas')})` : 'Notificações';
  return (
    <Link to="/notificacoes" className="icon-button bell" aria-label={label} title="Notificações">
      <BellIcon />
      {badge && (
        <span className="badge" data-testid="unread-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  );
}
