import type { ImageModel } from './image-model.ts';
import { ImageProviderError } from './image-model.ts';
import { decodeImage, postJson } from './provider-http.ts';

export interface Automatic1111Options {
  baseUrl: string;
  apiKey: string | null;
  /** A checkpoint name to switch to, or null for whatever the server has loaded. */
  model: string | null;
}

/** How far img2img may move away from the reference: enough to restyle, not to replace. */
const DENOISING_STRENGTH = 0.6;

/**
 * AUTOMATIC1111 / Forge `sdapi/v1/txt2img`, or `img2img` when a reference picture is
 * given. The style becomes part of the prompt, as it does in those UIs' style presets.
 */
export function automatic1111ImageModel(options: Automatic1111Options): ImageModel {
  const base = options.baseUrl.replace(/\/+$/, '');
  // Forge and A1111 started with --api-auth take HTTP basic credentials "user:password"
  const headers: Record<string, string> = options.apiKey ? { authorization: `Basic ${Buffer.from(options.apiKey).toString('base64')}` } : {};
  const engine = `${options.model ?? 'Stable Diffusion'} (AUTOMATIC1111)`;
  return {
    engine,
    async generate(request, signal) {
      const common = {
        prompt: `${request.prompt}, ${request.style} style`,
        negative_prompt: 'lowres, blurry, watermark, text',
        width: request.width,
        height: request.height,
        seed: request.seed,
        steps: 24,
        batch_size: 1,
        ...(options.model ? { override_settings: { sd_model_checkpoint: options.model } } : {}),
      };
      const answer = request.referenceImage
        ? await postJson(`${base}/sdapi/v1/img2img`, { ...common, init_images: [request.referenceImage.toString('base64')], denoising_strength: DENOISING_STRENGTH }, headers, signal)
        : await postJson(`${base}/sdapi/v1/txt2img`, common, headers, signal);
      const images = (answer as { images?: unknown } | null)?.images;
      if (!Array.isArray(images) || images.length === 0) throw new ImageProviderError('image provider answered without images');
      return { image: decodeImage(images[0]), contentType: 'image/png', engine };
    },
  };
}
