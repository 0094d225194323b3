import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { PageLoader } from '@/components/ui/spinner';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} fallbackElement={<PageLoader />} future={{ v7_startTransition: true }} />
    </AppProvider>
  );
}
