import { describe, expect, it } from 'vitest';
import { httpErrorText, networkErrorText, STATUS_TITLES, timeoutText, type HttpErrorKey } from './http-errors';

const t = (key: HttpErrorKey) => `<${key}>`;
const url = '/ai/api/v1/message/notice/get_all_unread_count';

describe('HTTP error toasts (SPEC §8)', () => {
  it('shows "{status} {title}", the localized detail and the url for every named status', () => {
    expect(httpErrorText(404, url, t)).toBe(`404 Not Found\n<http.404>\n${url}`);
    expect(httpErrorText(503, url, t)).toBe(`503 Service Unavailable\n<http.503>\n${url}`);
  });

  it('knows exactly the twelve titles of SPEC §8', () => {
    expect(STATUS_TITLES).toEqual({
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
    });
  });

  it('falls back to the generic server error plus the url for an unknown status', () => {
    expect(httpErrorText(418, url, t)).toBe(`<http.serverError>\n${url}`);
  });

  it('asks to wait on 429, without a status line or address: it is no fault', () => {
    expect(httpErrorText(429, url, t)).toBe('<http.429>');
  });

  it('has its own texts for a timeout and an unreachable server', () => {
    expect(timeoutText(url, t)).toBe(`<http.timeout>\n${url}`);
    expect(networkErrorText(url, t)).toBe(`<http.network>\n${url}`);
  });
});
