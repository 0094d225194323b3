import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { BellIcon } from '@/components/ui/icons';
import { plural } from '@/lib/format';
import { useUnreadCount } from '@/features/notifications/api/unread-count';

export function Component() {
  const unread = useUnreadCount();
  return (
    <>
      <PageHeader title="Notificações" />
      {unread === 0 ? (
        <EmptyState icon={<BellIcon />} title="Nenhuma notificação nova">
          <p>Curtidas, comentários, pedidos nos seus grupos e conquistas aparecem aqui.</p>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<BellIcon />}
          title={`Você tem ${plural(unread, 'notificação não lida', 'notificações não lidas')}`}
        >
          <p>A lista das notificações chega aqui em breve.</p>
        </EmptyState>
      )}
    </>
  );
}
