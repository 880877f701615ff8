import { calls, DAILY_TASK_TYPES, type DailyTask, type DailyTaskType, ErrorCode, errorMessages, type Language } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCall } from '../../api/calls';
import { callApi, isOk, isRefused, type CallResult } from '../../api/client';
import { invalidateCalls, setCallData } from '../../api/keys';
import { newRequestKey } from '../../api/request-key';
import type { TaskRequest } from './task-rules';

/** A refusal beside the button, kept by code so a language switch words it again. */
export interface Problem {
  code: number;
  message: string;
}

/** A code's words in a language, from the contract's catalogue; the server's own words otherwise. */
export function wordsOf(problem: Problem, lang: Language): string {
  const catalogue: Partial<Record<number, string>> = errorMessages[lang];
  return catalogue[problem.code] ?? problem.message;
}

const isType = (value: string | null): value is DailyTaskType => DAILY_TASK_TYPES.some((type) => type === value);

/**
 * The task the screen shows and what can be done with it. The task's id is in the address
 * (`?id=`), as the studio's creation is, so a reload, a language switch or a link from the user
 * center shows it again; the push stream refreshes it at every step, with a slow poll for a
 * stream that is down. Without an id, the task generating now (if any) is shown.
 */
export function useDailyTask() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const asked = params.get('type');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  // one intent, one key: the same request sent again (a double click, a retry after a network error) starts one task
  const intent = useRef<{ asked: string; key: string } | null>(null);
  const overview = useCall(calls.dailyTasks.overview, {}, { refetchInterval: (query) => (query.state.data?.generating ? 5000 : false) });
  const task = useCall(calls.dailyTasks.get, { id: id ?? '' }, { enabled: id !== null, refetchInterval: (query) => (query.state.data?.state === 'generating' ? 3000 : false) });
  const current = id ? task.data : undefined;
  const generatingNow = overview.data?.generating ?? null;

  const show = (shown: DailyTask, replace = false) => {
    setParams(
      (p) => {
        p.set('id', shown.id);
        p.set('type', shown.type);
        return p;
      },
      { replace },
    );
    setCallData(queryClient, calls.dailyTasks.get, { id: shown.id }, shown);
  };

  // a task generating elsewhere (another tab, before a reload without its id) is the one to show
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly seen generating task moves the address
  useEffect(() => {
    if (!id && generatingNow) show(generatingNow, true);
  }, [id, generatingNow?.id]);

  const type: DailyTaskType = current?.type ?? (isType(asked) ? asked : 'text_to_image');
  const generating = current?.state === 'generating' || generatingNow !== null;

  // a task that ends or publishes changes balances, and home, the works and the user's lists show its work
  const refresh = () => invalidateCalls(queryClient, ['ledger', 'dailyTasks', 'works', 'home', 'users']);

  const answer = async (request: Promise<CallResult<DailyTask>>) => {
    setPending(true);
    const result = await request;
    setPending(false);
    await refresh();
    if (isOk(result)) {
      intent.current = null;
      setProblem(null);
      return show(result.data);
    }
    if (isRefused(result)) setProblem({ code: result.code, message: result.message });
  };

  const keyFor = (what: string) => {
    if (intent.current?.asked !== what) intent.current = { asked: what, key: newRequestKey() };
    return intent.current.key;
  };

  /** A call on the shown task that answers it changed (cancel, publish, unschedule). */
  const change = async (request: Promise<CallResult<DailyTask>>) => {
    // one change at a time: a second click would be refused after the first one worked
    setPending(true);
    const result = await request;
    setPending(false);
    if (isOk(result)) {
      setProblem(null);
      setCallData(queryClient, calls.dailyTasks.get, { id: result.data.id }, result.data);
    } else if (isRefused(result)) setProblem({ code: result.code, message: result.message });
    await refresh();
  };

  return {
    overview: overview.data,
    current,
    loading: id !== null && task.isPending,
    // a task the address names that cannot be read (gone, not the person's, the network): say so, offer a retry
    failed: id !== null && task.isError,
    reload: () => void task.refetch(),
    type,
    generating,
    problem,
    setProblem,
    pending,
    /** Another type's tab: refused while a task generates (SPEC §4, error 9003's words). */
    choose(next: DailyTaskType): boolean {
      if (next === type) return true;
      if (generating) {
        setProblem({ code: ErrorCode.DAILY_TASK_SWITCH, message: '' });
        return false;
      }
      setProblem(null);
      setParams((p) => {
        p.delete('id');
        p.set('type', next);
        return p;
      });
      return true;
    },
    open: (shown: DailyTask) => show(shown),
    start: (request: TaskRequest) => void answer(callApi(calls.dailyTasks.create, { ...request, key: keyFor(JSON.stringify(request)) })),
    retry: (from: DailyTask) => void answer(callApi(calls.dailyTasks.retry, { id: from.id, key: keyFor(`retry:${from.id}:${from.finishedAt ?? ''}`) })),
    cancel: (from: DailyTask) => void change(callApi(calls.dailyTasks.cancel, { id: from.id })),
    publish: (from: DailyTask) => void change(callApi(calls.dailyTasks.publish, { id: from.id })),
    unschedule: (from: DailyTask) => void change(callApi(calls.dailyTasks.unschedule, { id: from.id })),
  };
}

export type DailyTaskScreen = ReturnType<typeof useDailyTask>;
