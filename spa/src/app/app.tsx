import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter, loadSignedInShell } from '@/app/router';
import { whenIdle } from '@/lib/idle';
import { PageLoader } from '@/components/ui/spinner';

export function App() {
  const [router] = useState(createAppRouter);
  // A visitor on /login is about to need the signed-in shell: fetch it while nothing else runs.
  useEffect(() => whenIdle(() => void loadSignedInShell().catch(() => undefined)), []);
  return (
    <AppProvider>
      <RouterProvider router={router} fallbackElement={<PageLoader />} future={{ v7_startTransition: true }} />
    </AppProvider>
  );
}
