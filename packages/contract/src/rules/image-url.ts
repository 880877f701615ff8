import { LIMITS } from './constants.ts';

/**
 * Adds the resize parameter of SPEC §7 (`image_process=resize,w_{width}`, default 400) to an
 * image URL. Relative paths are resolved on the static host.
 */
export function resizedImageUrl(src: string, staticHost: string, width: number = LIMITS.defaultImageWidth): string {
  if (!src) return src;
  if (src.startsWith('data:') || src.startsWith('blob:')) return src;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(src) || src.startsWith('//');
  const base = staticHost.replace(/\/+$/, '');
  const url = absolute ? src : `${base}/${src.replace(/^\/+/, '')}`;
  const [withoutHash, hash] = url.split('#', 2);
  const cleaned = withoutHash.replace(/([?&])image_process=[^&]*(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : ''));
  const sep = cleaned.includes('?') ? (cleaned.endsWith('?') || cleaned.endsWith('&') ? '' : '&') : '?';
  return `${cleaned}${sep}image_process=resize,w_${Math.round(width)}${hash ? `#${hash}` : ''}`;
}
