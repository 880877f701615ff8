import type { ImageModel } from './image-model.ts';
import { ImageProviderError } from './image-model.ts';
import { decodeImage, postJson } from './provider-http.ts';

export interface OpenAiImageOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

/**
 * OpenAI-compatible `POST /v1/images/generations` (OpenAI, LocalAI and others), asking for
 * `b64_json` so no second download from the provider's host is needed. The style joins
 * the prompt because the protocol has no style field.
 */
export function openAiCompatibleImageModel(options: OpenAiImageOptions): ImageModel {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/images/generations`;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const engine = `${options.model} (OpenAI-compatible)`;
  return {
    engine,
    async generate(request, signal) {
      const body = {
        model: options.model,
        prompt: `${request.prompt}\nStyle: ${request.style}`,
        n: 1,
        size: `${request.width}x${request.height}`,
        response_format: 'b64_json',
      };
      const answer = (await postJson(url, body, headers, signal)) as { data?: Array<{ b64_json?: unknown }> } | null;
      const first = Array.isArray(answer?.data) ? answer.data[0] : undefined;
      if (!first) throw new ImageProviderError('image provider answered without data');
      return { image: decodeImage(first.b64_json), contentType: 'image/png', engine };
    },
  };
}
