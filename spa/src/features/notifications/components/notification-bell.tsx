import { Link } from 'react-router-dom';
import { BellIcon } from '@/components/ui/icons';
import { unreadBadgeText } from '@/features/notifications/components/unread-badge';
import { plural } from '@/lib/format';

export function NotificationBell({ count }: { count: number }) {
  const badge = unreadBadgeText(count);
  // The name holds the badge's text (label in name, WCAG 2.5.3): "Notificações: 3 não lidas",
  // "Notificações: 9+ (12 não lidas)".
  const label =
    count === 0 ? 'Notificações' : badge === String(count) ? `Notificações: ${plural(count, 'não lida', 'não lidas')}` : `Notificações: ${badge} (${plural(count, 'não lida', 'não lidas')})`;
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
