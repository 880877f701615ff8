import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ToastHost } from '../ui/toast-host';
import { queryClient } from './query-client';
import { appRouter } from './router';

/** Providers around the router: server state, toasts. i18n is initialised before this renders. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
      <ToastHost />
    </QueryClientProvider>
  );
}
