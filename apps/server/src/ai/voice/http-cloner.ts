import type { ClonedVoice, VoiceClip, VoiceCloner } from './voice-cloner.ts';

/** The name the UI shows for voices made by the configured cloning service. */
export const HTTP_CLONER_ENGINE = 'Voice-cloning service';

export interface HttpClonerOptions {
  url: string;
  apiKey: string | null;
  timeoutMs?: number;
}

/**
 * Clones through an HTTP service (docs/decisions/0009-voice-cloning-protocol.md):
 * `POST VOICE_CLONE_URL` multipart `audio` (the clip) and `name`, answered by
 * `{"voice_id": "…"}`. The voice then speaks through the OpenAI-compatible speech endpoint
 * with that id as its voice name.
 */
export function httpVoiceCloner(options: HttpClonerOptions): VoiceCloner {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return {
    engine: HTTP_CLONER_ENGINE,
    async clone(clip: VoiceClip, signal?: AbortSignal): Promise<ClonedVoice> {
      const form = new FormData();
      const extension = clip.contentType.split('/')[1] ?? 'bin';
      form.append('audio', new Blob([new Uint8Array(clip.audio)], { type: clip.contentType }), `clip.${extension}`);
      form.append('name', clip.name ?? 'Starlit voice');
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await fetch(options.url, {
          method: 'POST',
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          body: form,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new Error(`the voice-cloning service did not answer within ${timeoutMs} ms`);
        throw new Error(`the voice-cloning service could not be reached: ${(err as Error).message}`);
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`the voice-cloning service refused the clip (${res.status}): ${text.slice(0, 300)}`);
      let voiceId: unknown;
      try {
        voiceId = (JSON.parse(text) as { voice_id?: unknown }).voice_id;
      } catch {
        voiceId = undefined;
      }
      if (typeof voiceId !== 'string' || voiceId.length === 0 || voiceId.length > 200) {
        throw new Error('the voice-cloning service answered without a voice_id');
      }
      return { engineParams: { engine: 'clone-service', voiceId }, engine: HTTP_CLONER_ENGINE };
    },
  };
}
