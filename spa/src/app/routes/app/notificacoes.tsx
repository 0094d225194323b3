import { PageHeader } from '@/components/ui/page-header';
import { FailureAlert } from '@/components/ui/query-states';
import { plural } from '@/lib/format';
import { useUnreadCount } from '@/features/notifications/api/unread-count';
import { useMarkAllRead } from '@/features/notifications/api/notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';

export function Component() {
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  return (
    <>
      <PageHeader
        title="Notificações"
        subtitle={unread > 0 ? plural(unread, 'não lida', 'não lidas') : 'Tudo lido'}
        actions={
          unread > 0 && (
            <button type="button" className="button button-secondary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              {markAll.isPending ? 'Marcando...' : 'Marcar todas como lidas'}
            </button>
          )
        }
      />
      <FailureAlert result={markAll} fallback="Não foi possível marcar as notificações como lidas. Tente novamente." />
      <NotificationList />
    </>
  );
}
