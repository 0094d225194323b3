import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BellIcon, FeedIcon, SproutIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { EmptyState } from '@/components/ui/empty-state';
import { useMarkRead, useNotifications } from '@/features/notifications/api/notifications';
import { relativeTime } from '@/features/notifications/components/relative-time';
import { formatDateTime } from '@/lib/format';
import type { Notification } from '@/types/api';
import '@/features/notifications/notifications.css';

// Each tipo of notification: its icon and what a screen reader says of it.
const kinds: Record<string, { icon: () => ReactNode; label: string }> = {
  solicitacao_entrada: { icon: UsersIcon, label: 'Pedido de entrada' },
  solicitacao_aprovada: { icon: UsersIcon, label: 'Pedido aprovado' },
  solicitacao_recusada: { icon: UsersIcon, label: 'Pedido recusado' },
  grupo_transferido: { icon: UsersIcon, label: 'Grupo' },
  lote_atribuido: { icon: SproutIcon, label: 'Lote' },
  pedido_lote: { icon: SproutIcon, label: 'Pedido de lote' },
  pedido_lote_encerrado: { icon: SproutIcon, label: 'Pedido de lote' },
  nivel: { icon: TrophyIcon, label: 'Nível' },
  conquista: { icon: TrophyIcon, label: 'Conquista' },
  curtida: { icon: FeedIcon, label: 'Curtida' },
  comentario: { icon: FeedIcon, label: 'Comentário' },
  lembrete: { icon: SproutIcon, label: 'Lembrete' },
};

function NotificationItem({ n }: { n: Notification }) {
  const mark = useMarkRead();
  const kind = kinds[n.tipo] ?? { icon: BellIcon, label: 'Notificação' };
  const Icon = kind.icon;
  const markRead = () => {
    if (!n.read) mark.mutate(n.id);
  };
  return (
    <li className={n.read ? 'notif' : 'notif notif-unread'} data-testid="notificacao" data-tipo={n.tipo}>
      <span className="notif-icon" aria-hidden="true">
        <Icon />
      </span>
      <div className="notif-body">
        <span className="visually-hidden">
          {kind.label}
          {n.read ? '' : ', não lida'}:{' '}
        </span>
        {n.link ? (
          <Link className="notif-text" to={n.link} onClick={markRead}>
            {n.texto}
          </Link>
        ) : (
          <span className="notif-text">{n.texto}</span>
        )}
        <p className="notif-meta">
          <time dateTime={n.criadoEm} title={formatDateTime(n.criadoEm)}>
            {relativeTime(n.criadoEm)}
          </time>
        </p>
      </div>
      {!n.read && (
        <button type="button" className="button button-secondary button-small notif-mark" onClick={markRead} disabled={mark.isPending}>
          Marcar como lida
        </button>
      )}
    </li>
  );
}

export function NotificationList() {
  const list = useNotifications();
  if (list.isPending) return <SectionLoader label="Carregando notificações..." />;
  if (list.isError) return <ErrorState title="Não foi possível carregar as notificações" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return (
      <EmptyState icon={<BellIcon />} title="Nenhuma notificação ainda">
        <p>Pedidos nos seus grupos, lotes, níveis e conquistas aparecem aqui.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="notif-list" aria-label="Notificações">
        {list.data.map((n) => (
          <NotificationItem key={n.id} n={n} />
        ))}
      </ul>
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </>
  );
}
