import { calls, type CallOutput } from '@starlit/contract';
import { callWithProgress, type UploadResult } from '../../api/upload';
import { fileToBase64 } from '../../platform/file-data';

export type Uploaded = CallOutput<typeof calls.works.upload>;

/** `work/upload` with a moving bar: a 50 MB video takes a while. */
export async function uploadWork(file: File, kind: Uploaded['kind'], onProgress: (fraction: number) => void): Promise<UploadResult<Uploaded>> {
  return callWithProgress(calls.works.upload, { kind, data: await fileToBase64(file) }, onProgress);
}
