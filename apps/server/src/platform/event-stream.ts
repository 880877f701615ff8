import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** An open server-sent events response. */
export interface EventStream {
  res: ServerResponse;
  /** Writes one event; a no-op once the response has ended. */
  send(event: string, data: unknown): void;
  /** Writes a comment line (a heartbeat proxies see as traffic). */
  comment(text: string): void;
}

/** Takes the reply over from Fastify and opens it as text/event-stream, unbuffered by proxies. */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return {
    res,
    send(event, data) {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      if (!res.writableEnded) res.write(`: ${text}\n\n`);
    },
  };
}
