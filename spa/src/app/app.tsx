import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes, loadSignedInShell, routerFuture } from '@/app/router';
import { whenIdle } from '@/lib/idle';

export function App() {
  // A visitor on /login is about to need the signed-in shell: fetch it while nothing else runs.
  useEffect(() => whenIdle(() => void loadSignedInShell().catch(() => undefined)), []);
  return (
    <BrowserRouter future={routerFuture}>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
