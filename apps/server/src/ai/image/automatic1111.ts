import type { ImageModel, ImageResult } from './image-model.ts';
import { clampStrength, ImageProviderError, targetSize } from './image-model.ts';
import { parseParameters, withParameters, type GenerationParameters } from './png-parameters.ts';
import { decodeImage, fitAnswer, postJson } from './provider-http.ts';
import { DEFAULT_LONG_SIDE, fitToSize, ratioSize, snap } from './ratio.ts';

export interface Automatic1111Options {
  baseUrl: string;
  apiKey: string | null;
  /** A checkpoint name to switch to, or null for whatever the server has loaded. */
  model: string | null;
  sampler?: string;
  steps?: number;
  cfgScale?: number;
  timeoutMs?: number;
}

/** How far the legacy generate-with-reference call may move away from the reference. */
const DENOISING_STRENGTH = 0.6;
const NEGATIVE_PROMPT = 'lowres, blurry, watermark, text';
/** Stable Diffusion works in 8-px latent cells and is trained on 64-px multiples; sizes sent are the latter. */
const SIZE_STEP = 64;

/**
 * AUTOMATIC1111 / Forge `sdapi/v1/txt2img` and `sdapi/v1/img2img`. The style becomes part
 * of the prompt, as it does in those UIs' style presets. Sizes are sent as multiples of 64
 * and the answer is centre-cropped to the exact size asked for, so every ratio is exact.
 */
export function automatic1111ImageModel(options: Automatic1111Options): ImageModel {
  const base = options.baseUrl.replace(/\/+$/, '');
  // Forge and A1111 started with --api-auth take HTTP basic credentials "user:password"
  const headers: Record<string, string> = options.apiKey ? { authorization: `Basic ${Buffer.from(options.apiKey).toString('base64')}` } : {};
  const engine = `${options.model ?? 'Stable Diffusion'} (AUTOMATIC1111)`;
  const sampler = options.sampler ?? 'Euler a';
  const steps = options.steps ?? 24;
  const cfgScale = options.cfgScale ?? 7;

  /** One drawing: `init` is the img2img part (reference and denoising strength), absent for txt2img. */
  async function draw(
    prompt: string,
    seed: number,
    size: { width: number; height: number },
    init: { init_images: string[]; denoising_strength: number } | null,
    signal?: AbortSignal,
  ): Promise<ImageResult> {
    const { width, height } = size;
    const sent = { width: snap(width, SIZE_STEP), height: snap(height, SIZE_STEP) };
    const common = {
      negative_prompt: NEGATIVE_PROMPT,
      steps,
      sampler_name: sampler,
      cfg_scale: cfgScale,
      batch_size: 1,
      n_iter: 1,
      prompt,
      seed,
      ...sent,
      ...(options.model ? { override_settings: { sd_model_checkpoint: options.model } } : {}),
      ...init,
    };
    const answer = (await postJson(`${base}/sdapi/v1/${init ? 'img2img' : 'txt2img'}`, common, headers, signal, options.timeoutMs)) as { images?: unknown; info?: unknown } | null;
    const images = answer?.images;
    if (!Array.isArray(images) || images.length === 0) throw new ImageProviderError('image provider answered without images');
    const fitted = await fitAnswer(decodeImage(images[0]), width, height);
    const own: GenerationParameters = {
      prompt,
      negativePrompt: NEGATIVE_PROMPT,
      settings: {
        Steps: String(steps),
        Sampler: sampler,
        'CFG scale': String(cfgScale),
        Seed: String(seed),
        Size: `${width}x${height}`,
        Model: options.model ?? 'loaded checkpoint',
        ...(init ? { 'Denoising strength': String(init.denoising_strength) } : {}),
      },
    };
    const theirs = infotext(answer?.info);
    // The server's own infotext is the truest record (real seed when -1, model hash); our size replaces its pre-crop size.
    const parameters = theirs ? { ...theirs, settings: { ...theirs.settings, Size: `${width}x${height}` } } : own;
    return { image: withParameters(fitted, parameters), contentType: 'image/png', engine };
  }

  /** The reference cut to the size sent, so A1111 does not stretch it to another ratio. */
  async function initImage(reference: Buffer, width: number, height: number): Promise<string> {
    return (await fitToSize(reference, snap(width, SIZE_STEP), snap(height, SIZE_STEP))).toString('base64');
  }

  return {
    engine,
    async generate(request, signal) {
      const size = targetSize(request);
      const prompt = `${request.prompt}, ${request.style} style`;
      const init = request.referenceImage ? { init_images: [await initImage(request.referenceImage, size.width, size.height)], denoising_strength: DENOISING_STRENGTH } : null;
      return draw(prompt, request.seed, size, init, signal);
    },
    async img2Img(request, signal) {
      const size = ratioSize(request.ratio, request.longSide ?? DEFAULT_LONG_SIDE);
      const init = { init_images: [await initImage(request.reference, size.width, size.height)], denoising_strength: clampStrength(request.strength) };
      return draw(`${request.prompt}, ${request.style} style`, request.seed, size, init, signal);
    },
  };
}

/** The first infotext of an A1111 answer's `info` (a JSON string), parsed; null when absent or unreadable. */
function infotext(info: unknown): GenerationParameters | null {
  if (typeof info !== 'string') return null;
  try {
    const texts = (JSON.parse(info) as { infotexts?: unknown }).infotexts;
    const first = Array.isArray(texts) ? texts[0] : undefined;
    return typeof first === 'string' && first.includes('Steps:') ? parseParameters(first) : null;
  } catch {
    return null;
  }
}
