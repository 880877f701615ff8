/** Titles of the HTTP statuses SPEC §8 names; any other status counts as unknown. */
export const STATUS_TITLES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  410: 'Gone',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
} as const;

/** A status with its own title and localized detail. */
export type KnownStatus = keyof typeof STATUS_TITLES;

/** The i18n keys of the error toasts (common namespace). */
export type HttpErrorKey = `http.${KnownStatus}` | 'http.429' | 'http.serverError' | 'http.timeout' | 'http.network';

type Translate = (key: HttpErrorKey) => string;

function isKnownStatus(status: number): status is KnownStatus {
  return status in STATUS_TITLES;
}

/** The toast text for an HTTP error status: "{status} {title}", the localized detail, the url. */
export function httpErrorText(status: number, url: string, t: Translate): string {
  // the rate limit is not a fault: the person only needs to wait, so no status line or address
  if (status === 429) return t('http.429');
  if (!isKnownStatus(status)) return serverErrorText(url, t);
  return [`${status} ${STATUS_TITLES[status]}`, t(`http.${status}`), url].join('\n');
}

/** The generic toast text: an unknown status or an answer that is not a Starlit envelope. */
export function serverErrorText(url: string, t: Translate): string {
  return [t('http.serverError'), url].join('\n');
}

/** The toast text when a call ran out of time. */
export function timeoutText(url: string, t: Translate): string {
  return [t('http.timeout'), url].join('\n');
}

/** The toast text when the server could not be reached at all. */
export function networkErrorText(url: string, t: Translate): string {
  return [t('http.network'), url].join('\n');
}
