import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client';
import { appRouter } from './router';

/** Providers around the router: server state. i18n is initialised and sign-in completed before this renders. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
