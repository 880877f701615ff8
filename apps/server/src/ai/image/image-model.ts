import { ratioSize, type ImageRatio } from './ratio.ts';

/** What to draw: text, style, size, a seed for repeatable results and an optional picture to start from. */
export interface ImageRequest {
  prompt: string;
  style: string;
  width: number;
  height: number;
  seed: number;
  /** When given, the picture has this ratio with max(width, height) as its long side. */
  ratio?: ImageRatio;
  /** A starting picture (img2img); engines that cannot use one draw from the text alone. */
  referenceImage?: Buffer;
  /**
   * An avatar: one character's head and shoulders, whatever else the words say. Providers
   * take it from the words; the offline engine draws its portrait instead of a scene.
   */
  portrait?: boolean;
}

/** Image to image: a reference picture redrawn after a description and a style. */
export interface ImageToImageRequest {
  /** JPEG, PNG or WebP bytes, already passed through checkReferenceImage. */
  reference: Buffer;
  prompt: string;
  style: string;
  /** 0 keeps the reference as close as the engine can, 1 lets it move furthest away. */
  strength: number;
  ratio: ImageRatio;
  seed: number;
  /** Long side of the result in pixels; DEFAULT_LONG_SIDE when absent. */
  longSide?: number;
}

/** A drawn picture and which engine made it (the UI says so). */
export interface ImageResult {
  image: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  engine: string;
}

/** Text (and optionally a picture) to image (ARCHITECTURE §5). */
export interface ImageModel {
  /** A name people can read, e.g. "Starlit procedural image engine (offline)". */
  readonly engine: string;
  /** Text to image, exactly at the requested size (or ratio); PNG with a `parameters` chunk. */
  generate(request: ImageRequest, signal?: AbortSignal): Promise<ImageResult>;
  /** Image to image at the requested ratio; PNG with a `parameters` chunk. */
  img2Img(request: ImageToImageRequest, signal?: AbortSignal): Promise<ImageResult>;
}

/** A provider answered, but not with a picture; the job records the reason and may retry. */
export class ImageProviderError extends Error {}

/** The exact pixel size an engine must answer with. */
export function targetSize(request: Pick<ImageRequest, 'width' | 'height' | 'ratio'>): { width: number; height: number } {
  return request.ratio ? ratioSize(request.ratio, Math.max(request.width, request.height)) : { width: request.width, height: request.height };
}

/** Strength clamped to 0–1, NaN as the middle. */
export function clampStrength(strength: number): number {
  return Number.isFinite(strength) ? Math.min(1, Math.max(0, strength)) : 0.5;
}
