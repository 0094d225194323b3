import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { unreadBadgeText } from '@/features/notifications/components/unread-badge';

function renderBell(count: number) {
  return render(
    <MemoryRouter>
      <NotificationBell count={count} />
    </MemoryRouter>,
  );
}

describe('unread badge', () => {
  it('is hidden at 0', () => {
    renderBell(0);
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificações' })).toHaveAttribute('href', '/notificacoes');
  });

  it('says 1 não lida, in the singular', () => {
    renderBell(1);
    expect(screen.getByRole('link', { name: 'Notificações: 1 não lida' })).toBeInTheDocument();
  });

  it('shows 7 as 7', () => {
    renderBell(7);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^7$/);
    expect(screen.getByRole('link', { name: 'Notificações: 7 não lidas' })).toBeInTheDocument();
  });

  it('shows 9 as 9 and 10 as 9+', () => {
    expect(unreadBadgeText(9)).toBe('9');
    renderBell(10);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^9\+$/);
  });

  it('caps any count above 9', () => {
    expect(unreadBadgeText(12)).toBe('9+');
    expect(unreadBadgeText(1000)).toBe('9+');
    expect(unreadBadgeText(-1)).toBeNull();
  });
});
