import { QueryClient } from '@tanstack/react-query';
import { CallFailure } from '../api/query';

/**
 * Server state. Failed calls are not retried: the client has already told the user
 * (toast), and a business refusal will not change by asking again. How long answers stay
 * fresh is set per call family (api/keys STALE) by the hooks that read them.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof CallFailure) && count < 1,
    },
    mutations: { retry: false },
  },
});
