import { isAbsoluteUrl, resizedImageUrl } from '@starlit/contract/rules';
import { config } from './config';

/** A media address (audio, video) resolved on the static host when relative (SPEC §7). */
export function staticUrl(src: string, staticHost: string = config.staticHost): string {
  if (isAbsoluteUrl(src)) return src;
  return `${staticHost}/${src.replace(/^\/+/, '')}`;
}

/** An image address resized to `width` on the static host (SPEC §7 image_process). */
export function imageUrl(src: string, width?: number): string {
  return resizedImageUrl(src, config.staticHost, width);
}
