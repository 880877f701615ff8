import { calls, ErrorCode, type CallInput, type Creation } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCall } from '../../api/calls';
import { callApi, isOk, isRefused, type CallResult } from '../../api/client';
import { invalidateCalls, setCallData } from '../../api/keys';
import { newRequestKey } from '../../api/request-key';

/** A refusal beside the button: "Insufficient balance" offers recharge. */
export interface Problem {
  message: string;
  recharge: boolean;
}

type Asked = CallInput<typeof calls.creation.create> extends infer I ? (I extends unknown ? Omit<I, 'key'> : never) : never;

/**
 * The creation a studio shows and what can be done with it. The creation's id is in the
 * address (`&id=`), so a reload, a link or the user center shows it again: read once, then
 * refreshed by the realtime push, with a slow poll for a stream that is down.
 */
export function useStudioCreation() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  // one intent, one key: a retried or double-clicked request with the same settings makes one creation
  const intent = useRef<{ asked: string; key: string } | null>(null);
  const creation = useCall(calls.creation.get, { id: id ?? '' }, { enabled: id !== null, refetchInterval: (query) => (query.state.data?.state === 'generating' ? 3000 : false) });
  const current = id ? creation.data : undefined;

  const show = (made: Creation) => {
    setParams((p) => {
      p.set('id', made.id);
      return p;
    });
    setCallData(queryClient, calls.creation.get, { id: made.id }, made);
  };

  const answer = async (request: Promise<CallResult<Creation>>) => {
    setPending(true);
    const result = await request;
    setPending(false);
    await invalidateCalls(queryClient, ['ledger', calls.creation.estimate, calls.creation.list]);
    if (isOk(result)) {
      intent.current = null;
      setProblem(null);
      return show(result.data);
    }
    setProblem({ message: result.message, recharge: isRefused(result) && result.code === ErrorCode.LEDGER_INSUFFICIENT });
  };

  const keyFor = (asked: string) => {
    if (intent.current?.asked !== asked) intent.current = { asked, key: newRequestKey() };
    return intent.current.key;
  };

  return {
    current,
    loading: id !== null && creation.isPending,
    problem,
    setProblem,
    pending,
    generating: current?.state === 'generating',
    create: (asked: Asked) => void answer(callApi(calls.creation.create, { ...asked, key: keyFor(JSON.stringify(asked)) } as CallInput<typeof calls.creation.create>)),
    /** "Make the same style" of a work: its settings, my words (and my picture for image to image). */
    sameStyle: (asked: Omit<CallInput<typeof calls.creation.sameStyle>, 'key'>) => void answer(callApi(calls.creation.sameStyle, { ...asked, key: keyFor(`same:${JSON.stringify(asked)}`) })),
    again: (from: Creation) => void answer(callApi(calls.creation.retry, { id: from.id, key: keyFor(`retry:${from.id}`) })),
    async cancel(from: Creation) {
      const result = await callApi(calls.creation.cancel, { id: from.id });
      if (isOk(result)) setCallData(queryClient, calls.creation.get, { id: from.id }, result.data);
      else setProblem({ message: result.message, recharge: false });
      await invalidateCalls(queryClient, [calls.creation.get, 'ledger']);
    },
    async download(from: Creation) {
      const result = await callApi(calls.creation.download, { id: from.id });
      if (!isOk(result)) return setProblem({ message: result.message, recharge: false });
      const link = document.createElement('a');
      link.href = result.data.url;
      link.download = result.data.fileName;
      link.click();
    },
  };
}

export type StudioCreation = ReturnType<typeof useStudioCreation>;
