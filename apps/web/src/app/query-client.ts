import { QueryClient } from '@tanstack/react-query';
import { CallFailure } from '../api/query';

/**
 * Server state. Failed calls are not retried: the client has already told the user
 * (toast), and a business refusal will not change by asking again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof CallFailure) && count < 1,
    },
    mutations: { retry: false },
  },
});
