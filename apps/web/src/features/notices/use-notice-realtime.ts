import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startRealtime } from '../../api/realtime';
import { useAuthStore } from '../auth/auth-store';
import { AVATAR_JOB_KEY } from '../agents/editor/avatar-2d-panel';
import { NOTICES_KEY } from './notice-queries';

/** While signed in, keeps the realtime stream open: refreshes notices when one arrives, and a generation's status when it changes. */
export function useNoticeRealtime(): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.session?.token ?? null);
  useEffect(() => {
    if (!token) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    let firstConnection = true;
    return startRealtime({
      onEvent: (name) => {
        if (name === 'notice') refresh();
        if (name === 'job') void queryClient.invalidateQueries({ queryKey: AVATAR_JOB_KEY });
      },
      // after a reconnection, notices may have arrived while the stream was down
      onConnected: () => {
        if (!firstConnection) refresh();
        firstConnection = false;
      },
    });
  }, [token, queryClient]);
}
