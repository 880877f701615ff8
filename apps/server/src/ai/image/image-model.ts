/** What to draw: text, style, size, a seed for repeatable results and an optional picture to start from. */
export interface ImageRequest {
  prompt: string;
  style: string;
  width: number;
  height: number;
  seed: number;
  /** A starting picture (img2img); engines that cannot use one draw from the text alone. */
  referenceImage?: Buffer;
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
  generate(request: ImageRequest, signal?: AbortSignal): Promise<ImageResult>;
}

/** A provider answered, but not with a picture; the job records the reason and may retry. */
export class ImageProviderError extends Error {}
