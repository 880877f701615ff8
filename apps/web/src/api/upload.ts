import type { CallDef, CallInput, CallOutput } from '@starlit/contract';
import { i18next } from '../i18n/i18n';
import { handleUnauthorized, urlOf } from './client';
import { readEnvelope } from './envelope';
import { currentHeaders } from './headers';
import { httpErrorText, networkErrorText, serverErrorText, type HttpErrorKey } from './http-errors';

export type UploadResult<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * An upload call (a file as base64 in its input) through XMLHttpRequest rather than the fetch
 * client, because only XHR reports upload progress and a large file needs a moving bar. The
 * answer is read as the client reads any envelope; a refusal comes back with the server's
 * localized message to show by the file.
 */
export function callWithProgress<C extends CallDef>(call: C, input: CallInput<C>, onProgress: (fraction: number) => void): Promise<UploadResult<CallOutput<C>>> {
  // read through C so the parsed data keeps this call's own output type
  const output: C['output'] = call.output;
  const body = JSON.stringify(input);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const url = urlOf(call.path);
    const translate = (key: HttpErrorKey) => i18next.t(key);
    const failed = (message: string) => resolve({ ok: false, message });
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(currentHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => failed(networkErrorText(url, translate));
    xhr.onload = () => {
      if (xhr.status === 401) {
        handleUnauthorized();
        return failed('');
      }
      if (xhr.status !== 200) return failed(httpErrorText(xhr.status, url, translate));
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled as a broken answer below
      }
      const envelope = readEnvelope(parsed);
      if (!envelope) return failed(serverErrorText(url, translate));
      if (envelope.code !== 0) return resolve({ ok: false, message: envelope.message });
      const data = output.safeParse(envelope.data);
      if (!data.success) return failed(serverErrorText(url, translate));
      onProgress(1);
      resolve({ ok: true, data: data.data });
    };
    xhr.send(body);
  });
}
