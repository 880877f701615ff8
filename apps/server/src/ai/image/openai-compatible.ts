import type { ImageModel, ImageResult } from './image-model.ts';
import { clampStrength, ImageProviderError, targetSize } from './image-model.ts';
import { withParameters } from './png-parameters.ts';
import { decodeImage, downloadImage, fitAnswer, postJson } from './provider-http.ts';
import { DEFAULT_LONG_SIDE, fitToSize, ratioSize } from './ratio.ts';

export interface OpenAiImageOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Sizes the provider draws, "WxH"; gpt-image-1's three when absent. */
  sizes?: string[];
  timeoutMs?: number;
}

/** gpt-image-1 draws these three; dall-e-3 would be 1024x1024, 1792x1024, 1024x1792. */
export const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'];

/**
 * The provider size nearest in shape to width×height (by log of the ratio, so 16:9 and 9:16
 * are equally far from 1:1). With gpt-image-1: 1:1 → 1024x1024; 4:3 and 16:9 → 1536x1024;
 * 3:4 and 9:16 → 1024x1536. The answer is then centre-cropped and scaled to the exact size.
 */
export function nearestSize(sizes: string[], width: number, height: number): string {
  const want = Math.log(width / height);
  const shape = (s: string) => {
    const [w, h] = s.split('x').map(Number) as [number, number];
    return Math.abs(Math.log(w / h) - want);
  };
  return sizes.reduce((best, s) => (shape(s) < shape(best) ? s : best));
}

type Answer = { data?: Array<{ b64_json?: unknown; url?: unknown }> } | null;

/**
 * OpenAI-compatible `POST /v1/images/generations` and `POST /v1/images/edits` (OpenAI,
 * LocalAI and others). The style joins the prompt because the protocol has no style field.
 * Answers come as `b64_json`, or as a `url` that is then downloaded.
 */
export function openAiCompatibleImageModel(options: OpenAiImageOptions): ImageModel {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const engine = `${options.model} (OpenAI-compatible)`;
  const sizes = options.sizes ?? GPT_IMAGE_SIZES;

  async function picture(answer: Answer, prompt: string, size: string, width: number, height: number, extra: Record<string, string>, signal?: AbortSignal): Promise<ImageResult> {
    const first = Array.isArray(answer?.data) ? answer.data[0] : undefined;
    if (!first) throw new ImageProviderError('image provider answered without data');
    const raw = first.b64_json !== undefined ? decodeImage(first.b64_json) : await downloadImage(first.url, signal, options.timeoutMs);
    const fitted = await fitAnswer(raw, width, height);
    const settings = { Size: `${width}x${height}`, 'Provider size': size, Model: options.model, ...extra };
    return { image: withParameters(fitted, { prompt, negativePrompt: '', settings }), contentType: 'image/png', engine };
  }

  return {
    engine,
    async generate(request, signal) {
      const { width, height } = targetSize(request);
      const size = nearestSize(sizes, width, height);
      const prompt = `${request.prompt}\nStyle: ${request.style}`;
      const body = { model: options.model, prompt, n: 1, size, response_format: 'b64_json' };
      const answer = (await postJson(`${base}/v1/images/generations`, body, headers, signal, options.timeoutMs)) as Answer;
      return picture(answer, prompt, size, width, height, {}, signal);
    },
    async img2Img(request, signal) {
      const { width, height } = ratioSize(request.ratio, request.longSide ?? DEFAULT_LONG_SIDE);
      const size = nearestSize(sizes, width, height);
      const [w, h] = size.split('x').map(Number) as [number, number];
      // The edits endpoint wants a PNG the shape of the size asked for; the reference is cut to it
      const image = await fitToSize(request.reference, w, h);
      const strength = clampStrength(request.strength);
      // The edits protocol has no strength field, so it is said in words; one line, as form
      // data turns line breaks into CRLF on the way
      const prompt = `${request.prompt}. Style: ${request.style}. Keep ${Math.round((1 - strength) * 100)}% of the original picture.`;
      const form = new FormData();
      form.append('model', options.model);
      form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'reference.png');
      form.append('prompt', prompt);
      form.append('size', size);
      form.append('n', '1');
      const answer = (await postJson(`${base}/v1/images/edits`, form, headers, signal, options.timeoutMs)) as Answer;
      return picture(answer, prompt, size, width, height, { 'Denoising strength': String(strength) }, signal);
    },
  };
}
