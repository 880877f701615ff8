import type { CallDef, CallInput, CallOutput } from '@starlit/contract';
import { notifyError } from '../ui/toast';
import { callApi, isOk, type CallResult } from './client';

/** A call that did not produce data; its message has already been shown to the user. */
export class CallFailure extends Error {
  constructor(
    message: string,
    /** The business code, or null for a transport failure. */
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'CallFailure';
  }
}

/**
 * The data of a call result for TanStack Query: business failures are toasted with the
 * server's message (SPEC §7), and both kinds of failure throw so the query shows its error state.
 */
export function dataOf<T>(result: CallResult<T>): T {
  if (isOk(result)) return result.data;
  if ('code' in result) {
    notifyError(result.message);
    throw new CallFailure(result.message, result.code);
  }
  throw new CallFailure('', null);
}

/** Makes a call and answers its data, for query and mutation functions. */
export async function requestData<C extends CallDef>(call: C, input: CallInput<C>, signal?: AbortSignal): Promise<CallOutput<C>> {
  return dataOf(await callApi(call, input, { signal }));
}
