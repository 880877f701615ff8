import { LIMITS } from './constants.ts';

/** Whether an address has a scheme (`https:`, `data:`…) or is protocol-relative (`//host/…`), so is not resolved on the static host. */
export function isAbsoluteUrl(src: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(src);
}

/**
 * Adds the resize parameter of SPEC §7 (`image_process=resize,w_{width}`, default 400) to an
 * image URL. Relative paths are resolved on the static host.
 */
export function resizedImageUrl(src: string, staticHost: string, width: number = LIMITS.defaultImageWidth): string {
  if (!src) return src;
  if (src.startsWith('data:') || src.startsWith('blob:')) return src;
  const base = staticHost.replace(/\/+$/, '');
  const url = isAbsoluteUrl(src) ? src : `${base}/${src.replace(/^\/+/, '')}`;
  const [withoutHash, hash] = url.split('#', 2);
  const cleaned = withoutHash.replace(/([?&])image_process=[^&]*(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : ''));
  const sep = cleaned.includes('?') ? (cleaned.endsWith('?') || cleaned.endsWith('&') ? '' : '&') : '?';
  return `${cleaned}${sep}image_process=resize,w_${Math.round(width)}${hash ? `#${hash}` : ''}`;
}
