import { calls, type CallOutput } from '@starlit/contract';
import { handleUnauthorized, urlOf } from '../../api/client';
import { readEnvelope } from '../../api/envelope';
import { currentHeaders } from '../../api/headers';
import { httpErrorText, networkErrorText, serverErrorText, type HttpErrorKey } from '../../api/http-errors';
import { i18next } from '../../i18n/i18n';
import { fileToBase64 } from '../../platform/file-data';

export type Uploaded = CallOutput<typeof calls.works.upload>;
export type UploadResult = { ok: true; data: Uploaded } | { ok: false; message: string };

/**
 * `work/upload` through XMLHttpRequest rather than the fetch client, because only XHR reports
 * upload progress and a 50 MB video needs a moving bar. The answer is read as the client reads
 * any envelope; a refusal comes back with the server's localized message to show by the file.
 */
export async function uploadWork(file: File, kind: Uploaded['kind'], onProgress: (fraction: number) => void): Promise<UploadResult> {
  const body = JSON.stringify({ kind, data: await fileToBase64(file) });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const url = urlOf(calls.works.upload.path);
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
      const data = calls.works.upload.output.safeParse(envelope.data);
      if (!data.success) return failed(serverErrorText(url, translate));
      onProgress(1);
      resolve({ ok: true, data: data.data });
    };
    xhr.send(body);
  });
}
