import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes, routerFuture } from '@/app/router';

export function App() {
  // A visitor on /login is about to need the sign-in actions and the signed-in shell: the page's
  // preload script (vite.config.ts, routePreload) fetches them into the HTTP cache when the browser
  // is idle, without running them.
  return (
    <BrowserRouter future={routerFuture}>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
