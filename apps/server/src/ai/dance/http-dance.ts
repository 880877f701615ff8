import { GLB_MAGIC } from '../../platform/glb.ts';
import { sleep } from '../retry.ts';
import type { DanceModel } from './dance-model.ts';

/** The name the UI shows for dances made by the configured motion service. */
export const HTTP_DANCE_ENGINE = 'Motion-generation service';

export interface HttpDanceOptions {
  /** Base URL; the service answers under `/v1/dance/jobs`. */
  url: string;
  apiKey: string | null;
  pollMs?: number;
  /** The whole job, from upload to result. */
  timeoutMs?: number;
}

type JobState = { id: string; status: 'queued' | 'running' | 'succeeded' | 'failed'; progress?: number; error?: string };

const STATES = new Set(['queued', 'running', 'succeeded', 'failed']);

function parseJob(text: string): JobState {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const job = body as Partial<JobState> | null;
  if (!job || typeof job.id !== 'string' || !job.id || typeof job.status !== 'string' || !STATES.has(job.status)) {
    throw new Error('the motion service answered without a job id and status');
  }
  return job as JobState;
}

/**
 * Dances through a motion-generation service (protocol in docs/creation.md, "Dance engine"):
 * `POST {url}/v1/dance/jobs` multipart `audio`, optional `character` (VRM) and `seed` →
 * `202 {id, status}`; `GET {url}/v1/dance/jobs/{id}` → `{id, status, progress?, error?}` until
 * `succeeded` or `failed`; `GET {url}/v1/dance/jobs/{id}/result` → the `.vrma` bytes. An abort
 * or timeout sends `DELETE {url}/v1/dance/jobs/{id}` so the service can stop.
 */
export function httpDanceModel(options: HttpDanceOptions): DanceModel {
  const pollMs = options.pollMs ?? 2000;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const base = `${options.url.replace(/\/+$/, '')}/v1/dance/jobs`;
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  return {
    engine: HTTP_DANCE_ENGINE,
    async dance(request, { signal, onProgress } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
        try {
          return await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...init.headers }, signal: combined });
        } catch (err) {
          if (signal?.aborted) throw signal.reason;
          if (timeout.aborted) throw new Error(`the motion service did not finish within ${timeoutMs} ms`);
          throw new Error(`the motion service could not be reached: ${(err as Error).message}`);
        }
      };
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array(request.audio)], { type: request.contentType }), 'song');
      if (request.character.vrm) form.append('character', new Blob([new Uint8Array(request.character.vrm)], { type: 'model/gltf-binary' }), 'character.vrm');
      form.append('seed', request.seed);
      const created = await call('', { method: 'POST', body: form });
      const createdText = await created.text();
      if (!created.ok) throw new Error(`the motion service refused the song (${created.status}): ${createdText.slice(0, 300)}`);
      let job = parseJob(createdText);
      const id = encodeURIComponent(job.id);
      try {
        while (job.status !== 'succeeded') {
          if (job.status === 'failed') throw new Error(`the motion service failed: ${(job.error ?? 'no reason given').slice(0, 300)}`);
          if (typeof job.progress === 'number') onProgress?.(Math.min(1, Math.max(0, job.progress)), job.status);
          await sleep(pollMs, combined).catch(() => undefined);
          const polled = await call(`/${id}`);
          const text = await polled.text();
          if (!polled.ok) throw new Error(`the motion service lost the job (${polled.status}): ${text.slice(0, 300)}`);
          job = parseJob(text);
        }
        const result = await call(`/${id}/result`);
        if (!result.ok) throw new Error(`the motion service did not give the result (${result.status})`);
        const vrma = Buffer.from(await result.arrayBuffer());
        if (vrma.length < 12 || vrma.readUInt32LE(0) !== GLB_MAGIC) throw new Error('the motion service answered with something that is not a glTF binary');
        onProgress?.(1, 'done');
        return { vrma, engine: HTTP_DANCE_ENGINE, bpm: null, beats: 0 };
      } catch (err) {
        // best effort: tell the service to stop when we gave up on the job
        if (combined.aborted) await fetch(`${base}/${id}`, { method: 'DELETE', headers: auth, signal: AbortSignal.timeout(2000) }).catch(() => undefined);
        throw err;
      }
    },
  };
}
