import { GLB_MAGIC } from '../../platform/glb.ts';
import { sleep } from '../retry.ts';
import type { DanceModel } from './dance-model.ts';

/** The name the UI shows for dances made by the configured motion service. */
export const HTTP_DANCE_ENGINE = 'Motion-generation service';

/** Job answers ({id, status, progress, error}) are a few hundred bytes; anything past this is not one. */
export const MAX_JOB_ANSWER_BYTES = 64 * 1024;
/**
 * The largest `.vrma` taken from the service: a ten-minute dance of all 55 VRM bones at 60
 * frames a second is about 32 MB of rotations, so twice that leaves room and still bounds memory.
 */
export const MAX_RESULT_BYTES = 64 * 1024 * 1024;

export interface HttpDanceOptions {
  /** Base URL; the service answers under `/v1/dance/jobs`. */
  url: string;
  apiKey: string | null;
  pollMs?: number;
  /** The whole job, from upload to result. */
  timeoutMs?: number;
  /** Bound on the result file, {@link MAX_RESULT_BYTES} unless set. */
  maxResultBytes?: number;
}

type JobState = { id: string; status: 'queued' | 'running' | 'succeeded' | 'failed'; progress?: number; error?: string };

const STATES = new Set(['queued', 'running', 'succeeded', 'failed']);

/** The service itself reported the job failed: there is nothing left to cancel. */
class JobFailed extends Error {}

/** An answer longer than its bound. */
class AnswerTooLarge extends Error {
  constructor(max: number) {
    super(`the motion service answered more than ${max} bytes`);
  }
}

function parseJob(body: Buffer): JobState {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = null;
  }
  const job = json as Partial<JobState> | null;
  if (!job || typeof job.id !== 'string' || !job.id || typeof job.status !== 'string' || !STATES.has(job.status)) {
    throw new Error('the motion service answered without a job id and status');
  }
  return job as JobState;
}

/** The body of `res`, refused as soon as it is declared or found to be longer than `max` bytes. */
async function readCapped(res: Response, max: number): Promise<Buffer> {
  if (Number(res.headers.get('content-length') ?? 0) > max) {
    await res.body?.cancel();
    throw new AnswerTooLarge(max);
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new AnswerTooLarge(max);
    }
    chunks.push(value);
  }
}

/**
 * Dances through a motion-generation service (protocol in docs/creation.md, "Dance engine"):
 * `POST {url}/v1/dance/jobs` multipart `audio`, optional `character` (VRM) and `seed` →
 * `202 {id, status}`; `GET {url}/v1/dance/jobs/{id}` → `{id, status, progress?, error?}` until
 * `succeeded` or `failed`; `GET {url}/v1/dance/jobs/{id}/result` → the `.vrma` bytes. Whenever
 * we give up on a job the service has not failed itself (a failed poll, a bad or missing
 * result, an abort, the timeout) `DELETE {url}/v1/dance/jobs/{id}` tells it to stop.
 */
export function httpDanceModel(options: HttpDanceOptions): DanceModel {
  const pollMs = options.pollMs ?? 2000;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const maxResultBytes = options.maxResultBytes ?? MAX_RESULT_BYTES;
  const base = `${options.url.replace(/\/+$/, '')}/v1/dance/jobs`;
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  /** Asks the service to stop a job; best effort, since the caller is already failing. */
  async function cancel(id: string) {
    try {
      const res = await fetch(`${base}/${id}`, { method: 'DELETE', headers: auth, signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
    } catch {
      // the job then runs to its own end on the service; nothing more can be done from here
    }
  }

  return {
    engine: HTTP_DANCE_ENGINE,
    async dance(request, { signal, onProgress } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      /** One exchange, its body read up to `max` bytes; network failures, aborts and the timeout say which they were. */
      const call = async (path: string, init: RequestInit, max: number): Promise<{ status: number; ok: boolean; body: Buffer }> => {
        try {
          const res = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...init.headers }, signal: combined });
          return { status: res.status, ok: res.ok, body: await readCapped(res, max) };
        } catch (err) {
          if (signal?.aborted) throw signal.reason;
          if (timeout.aborted) throw new Error(`the motion service did not finish within ${timeoutMs} ms`);
          if (err instanceof AnswerTooLarge) throw err;
          throw new Error(`the motion service could not be reached: ${(err as Error).message}`);
        }
      };
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array(request.audio)], { type: request.contentType }), 'song');
      if (request.character.vrm) form.append('character', new Blob([new Uint8Array(request.character.vrm)], { type: 'model/gltf-binary' }), 'character.vrm');
      form.append('seed', request.seed);
      const created = await call('', { method: 'POST', body: form }, MAX_JOB_ANSWER_BYTES);
      if (!created.ok) throw new Error(`the motion service refused the song (${created.status}): ${created.body.toString('utf8', 0, 300)}`);
      let job = parseJob(created.body);
      const id = encodeURIComponent(job.id);
      try {
        while (job.status !== 'succeeded') {
          if (job.status === 'failed') throw new JobFailed(`the motion service failed: ${(job.error ?? 'no reason given').slice(0, 300)}`);
          if (typeof job.progress === 'number') onProgress?.(Math.min(1, Math.max(0, job.progress)), job.status);
          await sleep(pollMs, combined).catch(() => undefined);
          const polled = await call(`/${id}`, {}, MAX_JOB_ANSWER_BYTES);
          if (!polled.ok) throw new Error(`the motion service lost the job (${polled.status}): ${polled.body.toString('utf8', 0, 300)}`);
          job = parseJob(polled.body);
        }
        const result = await call(`/${id}/result`, {}, maxResultBytes);
        if (!result.ok) throw new Error(`the motion service did not give the result (${result.status})`);
        const vrma = result.body;
        if (vrma.length < 12 || vrma.readUInt32LE(0) !== GLB_MAGIC) throw new Error('the motion service answered with something that is not a glTF binary');
        onProgress?.(1, 'done');
        return { vrma, engine: HTTP_DANCE_ENGINE, bpm: null, beats: 0 };
      } catch (err) {
        if (!(err instanceof JobFailed)) await cancel(id);
        throw err;
      }
    },
  };
}
