import type { FastifyRequest } from 'fastify';

/** Query parameters that are credentials (OAuth codes and states, tokens): never logged. */
const SECRET_PARAMS = /([?&](?:code|state|token|access_token|id_token|refresh_token|password|csrf)=)[^&#]*/gi;

/** A request address with the values of credential parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Fastify's logger settings. Requests are logged as Fastify logs them, except that the
 * address loses its credentials: the app's own page is opened with `?code=…&state=…`
 * after every sign-in, and a code in a log file is a sign-in for whoever reads it.
 */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
