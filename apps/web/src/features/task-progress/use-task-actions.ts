import { calls, type DailyTask } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, type CallResult } from '../../api/client';
import { invalidateCalls } from '../../api/keys';

/**
 * What the task progress tab does to a task's publishing: move its time, cancel it, publish now.
 * Each answers the call's result so the place that asked shows a refusal where it was asked
 * (the time dialog under its field, the rows in a toast); after any of them the tasks, and the
 * works and feeds a publish changes, are read again.
 */
export function useTaskActions() {
  const queryClient = useQueryClient();
  // the task an action is running for, so its buttons wait and a double click does nothing twice
  const [busy, setBusy] = useState<string | null>(null);

  async function run(id: string, request: () => Promise<CallResult<DailyTask>>): Promise<CallResult<DailyTask>> {
    setBusy(id);
    try {
      return await request();
    } finally {
      setBusy(null);
      await invalidateCalls(queryClient, ['dailyTasks', 'works', 'home', 'users']);
    }
  }

  return {
    busy,
    reschedule: (id: string, publishAt: string) => run(id, () => callApi(calls.dailyTasks.reschedule, { id, publishAt })),
    unschedule: (id: string) => run(id, () => callApi(calls.dailyTasks.unschedule, { id })),
    publish: (id: string) => run(id, () => callApi(calls.dailyTasks.publish, { id })),
  };
}

export type TaskActions = ReturnType<typeof useTaskActions>;
