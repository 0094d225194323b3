import { PageHeader } from '@/components/ui/page-header';
import { plural } from '@/lib/format';
import { errorMessage } from '@/lib/errors';
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
      {markAll.isError && (
        <p className="form-error" role="alert">
          {errorMessage(markAll.error, 'Não foi possível marcar as notificações como lidas. Tente novamente.')}
        </p>
      )}
      <NotificationList />
    </>
  );
}
