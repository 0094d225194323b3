import { useCallback, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { queryKeys } from '@/lib/query-keys';
import { getUnreadCount } from '@/features/notifications/api/unread-count';
import { dashboardPath } from '@/features/dashboard/api/queries';
import { loadSignedInShell } from '@/app/router';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The signed-in shell's own request and code start with GET /api/me, not after it.
  const onSignedIn = useCallback(() => {
    // On /dashboard the count comes with the cards' one reply (app/layouts/main-layout.tsx).
    if (!dashboardPath.test(window.location.pathname)) {
      void queryClient.prefetchQuery({ queryKey: queryKeys.notifications.unreadCount, queryFn: getUnreadCount });
    }
    void loadSignedInShell().catch(() => undefined);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSignedIn={onSignedIn}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
