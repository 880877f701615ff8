import { hostOf, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import { LIMITS } from '@starlit/contract/rules';
import { i18next } from '../i18n/i18n';
import { signedOutAddress } from '../platform/auth-address';
import { config } from '../platform/config';
import { removeSession } from '../platform/session';
import { notifyError } from '../ui/toast';
import { readEnvelope } from './envelope';
import { currentHeaders } from './headers';
import { httpErrorText, networkErrorText, serverErrorText, timeoutText, type HttpErrorKey } from './http-errors';
import { createUnauthorizedHandler } from './unauthorized';

/** A successful call. */
export interface Ok<T> {
  code: 0;
  data: T;
  message: string;
}
/** A business failure: HTTP 200 with a non-zero code and a localized message to show. */
export interface Refused {
  code: number;
  data: null;
  message: string;
}
/** A transport failure, already toasted (SPEC §7: the call resolves with empty data). */
export interface Failed {
  message: '';
}
export type CallResult<T> = Ok<T> | Refused | Failed;

/** Whether a call succeeded. */
export function isOk<T>(result: CallResult<T>): result is Ok<T> {
  return 'code' in result && result.code === 0;
}

/** Whether the server refused a call with a business error (as opposed to a transport failure). */
export function isRefused<T>(result: CallResult<T>): result is Refused {
  return 'code' in result && result.code !== 0;
}

const FAILED: Failed = { message: '' };

/** The 401 reaction of SPEC §4, shared by every call and the realtime stream. */
export const handleUnauthorized = createUnauthorizedHandler({
  clearSession: () => removeSession(),
  goHomeWithoutSignIn: () => window.history.replaceState(null, '', signedOutAddress(window.location.href)),
  reload: () => window.location.reload(),
});

const translate = (key: HttpErrorKey) => i18next.t(key);

/** The absolute address of an API path: AI-prefixed paths go to the AI host, the rest to the payment host. */
export function urlOf(path: string): string {
  return `${hostOf(path) === 'ai' ? config.aiHost : config.payHost}${path}`;
}

const TIMED_OUT = 'timeout';
// a symbol, so no answer body can be mistaken for it
const ABORTED = Symbol('aborted');

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A call that stopped before its answer was read: our own timeout is toasted; a cancel by the
 * caller (a page left, a query replaced) or by the browser (navigation) needs no toast.
 */
function quietOrTimeout(signal: AbortSignal, url: string): typeof FAILED {
  if (signal.reason === TIMED_OUT) notifyError(timeoutText(url, translate));
  return FAILED;
}

/**
 * Makes one call of the contract. Never throws: transport failures are toasted and
 * resolve as `{ message: '' }`; business failures resolve with their envelope.
 */
export async function callApi<C extends CallDef>(call: C, input: CallInput<C>, options: { signal?: AbortSignal } = {}): Promise<CallResult<CallOutput<C>>> {
  // read through C so the parsed data keeps this call's own output type
  const output: C['output'] = call.output;
  const url = urlOf(call.path);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), LIMITS.requestTimeoutMs);
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const res = await fetch(url, { method: 'POST', headers: currentHeaders(), body: JSON.stringify(input ?? {}), signal: controller.signal });
    if (res.status === 401) {
      handleUnauthorized();
      return FAILED;
    }
    if (!res.ok) {
      notifyError(httpErrorText(res.status, url, translate));
      return FAILED;
    }
    const body: unknown = await res.json().catch((error: unknown) => (isAbort(error) || controller.signal.aborted ? ABORTED : null));
    if (body === ABORTED) return quietOrTimeout(controller.signal, url);
    const envelope = readEnvelope(body);
    if (!envelope) {
      notifyError(serverErrorText(url, translate));
      return FAILED;
    }
    if (envelope.code !== 0) return { code: envelope.code, data: null, message: envelope.message };
    const data = output.safeParse(envelope.data);
    if (!data.success) {
      notifyError(serverErrorText(url, translate));
      return FAILED;
    }
    return { code: 0, data: data.data, message: envelope.message };
  } catch (error) {
    if (isAbort(error) || options.signal?.aborted) return quietOrTimeout(controller.signal, url);
    notifyError(networkErrorText(url, translate));
    return FAILED;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}
