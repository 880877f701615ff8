import fs from 'node:fs';
import path from 'node:path';
import { allCalls, CHAT_REGENERATE_PATH, CHAT_SEND_PATH, ChatRegenerateInput, ChatSendInput, ChatStreamEvent, envelopeSchema, hostOf, type CallDef } from '@starlit/contract';
import { z } from 'zod';
import { RESIZE_MAX_WIDTH, RESIZE_MIN_WIDTH } from './modules/media/image-process.ts';

/** Where the generated document is committed (ARCHITECTURE §3: CI fails when it drifts). */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

type Json = Record<string, unknown>;

const packageVersion = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_ENVELOPE } } });

/**
 * JSON Schema of a zod schema for embedding in the document. Shared definitions (`$defs`,
 * from schemas given an id with `.meta({ id })`) move to components so their references
 * resolve in OpenAPI; the input form of a definition gets an "Input" suffix because
 * defaults and unknown keys make it differ from the output form.
 */
export function embedSchema(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io }) as Json;
  const suffix = io === 'input' ? 'Input' : '';
  const pointAtComponents = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_ref, name: string) => `"#/components/schemas/${name}${suffix}"`)) as Json;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Json)) {
    const moved = pointAtComponents(definition);
    const key = `${name}${suffix}`;
    if (key in components && JSON.stringify(components[key]) !== JSON.stringify(moved)) throw new Error(`two different schemas share the id "${name}"`);
    components[key] = moved;
  }
  return pointAtComponents(rest);
}

/** "/ai/api/v1/home/feed" → "home_feed". */
function operationId(call: CallDef): string {
  return call.path.replace(/^\/(ai\/)?api\/v\d+\//, '').replaceAll('/', '_');
}

function operation(call: CallDef, components: Json): Json {
  const responses: Json = {
    200: {
      description: "The envelope: code 0 with the data, or a business error code with a message in the caller's language (HTTP 200).",
      content: { 'application/json': { schema: embedSchema(envelopeSchema(call.output), 'output', components) } },
    },
    400: errorResponse('The body is not valid JSON.'),
    429: errorResponse('Too many requests; retry after the Retry-After header.'),
  };
  if (call.access !== 'public') responses[401] = errorResponse('No session, or the session has expired or was revoked.');
  if (call.access === 'admin') responses[403] = errorResponse('The signed-in user is not an admin.');
  return {
    operationId: operationId(call),
    summary: call.summary,
    tags: [call.tag],
    'x-access': call.access,
    'x-host': hostOf(call.path),
    ...(call.access === 'public' ? {} : { security: [{ token: [] }] }),
    requestBody: { required: true, content: { 'application/json': { schema: embedSchema(call.input, 'input', components) } } },
    responses,
  };
}

/** A POST that answers a chat reply as text/event-stream (the events are the contract's ChatStreamEvent). */
function chatStream(operationIdText: string, summary: string, input: z.ZodType, components: Json): Json {
  const events = Object.fromEntries(Object.entries(ChatStreamEvent).map(([name, schema]) => [name, embedSchema(schema, 'output', components)]));
  return {
    post: {
      operationId: operationIdText,
      summary,
      description:
        'Answers text/event-stream: one `start`, `token`s as the reply arrives, one `done` (the next message may be sent from here), then at most one `suggestions`. ' +
        'Each event is an `event:` line and a JSON `data:` line; `x-events` gives the schema of each. Refusals before the stream starts answer the JSON error envelope. ' +
        'Closing the connection stops the model; the partial reply is kept as interrupted.',
      tags: ['chat'],
      'x-access': 'user',
      'x-events': events,
      security: [{ token: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: embedSchema(input, 'input', components) } } },
      responses: {
        200: {
          description: 'The event stream, or a business error envelope (HTTP 200) when the send is refused.',
          content: { 'text/event-stream': { schema: { type: 'string' } }, 'application/json': { schema: ERROR_ENVELOPE } },
        },
        401: errorResponse('No session, or the session has expired or was revoked.'),
        403: errorResponse("The conversation is someone else's."),
        429: errorResponse('Too many requests or too many chat sends (code 7005).'),
      },
    },
  };
}

/** The endpoints that are not JSON calls: a browser redirect, event streams and stored files. */
function otherPaths(components: Json): Json {
  return {
    [CHAT_SEND_PATH]: chatStream('chat_send', 'Sends a message (a new branch when parentId names an earlier one) and streams the reply', ChatSendInput, components),
    [CHAT_REGENERATE_PATH]: chatStream('chat_regenerate', 'Streams another version of an agent message, beside it in the tree', ChatRegenerateInput, components),
    '/ai/api/v1/auth/authorize': {
      get: {
        operationId: 'auth_authorize',
        summary: 'Start signing in: redirects the browser to the sign-in provider',
        tags: ['auth'],
        'x-access': 'public',
        parameters: [
          { name: 'return_to', in: 'query', required: false, description: 'Same-origin address to come back to after signing in.', schema: { type: 'string' } },
          { name: 'lang', in: 'query', required: false, description: 'Language of the sign-in pages (en_US or zh_TW).', schema: { type: 'string' } },
        ],
        responses: {
          302: { description: 'Redirect to the sign-in provider; sets a short-lived state cookie.' },
          429: errorResponse('Too many sign-ins started from this address (six times SIGNIN_ATTEMPTS_PER_15_MIN in 15 minutes); Retry-After says when to come back.'),
        },
      },
    },
    '/ai/realtime': {
      get: {
        operationId: 'realtime_events',
        summary: 'Server-sent events for the signed-in user (notices, job status)',
        tags: ['realtime'],
        'x-access': 'user',
        security: [{ token: [] }],
        responses: {
          200: { description: 'An endless text/event-stream; each event has a type and a JSON data line.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          401: errorResponse('No session, or the session has expired or was revoked.'),
          429: errorResponse('The user already holds 8 open streams on this instance; close one or retry later.'),
        },
      },
    },
    '/media/{path}': {
      get: {
        operationId: 'media_file',
        summary: 'A stored file (uploads and generated works); images can be resized',
        description:
          'Serves files of the storage folder with ETag, Last-Modified and byte ranges. With `image_process=resize,w_{width}` a JPEG, PNG, WebP or GIF ' +
          'comes back at most that wide (aspect ratio kept, never enlarged, same format; animated GIFs keep all frames); other files are served unchanged.',
        tags: ['media'],
        'x-access': 'public',
        parameters: [
          { name: 'path', in: 'path', required: true, description: 'Storage key; may contain "/".', schema: { type: 'string' } },
          {
            name: 'image_process',
            in: 'query',
            required: false,
            description: `resize,w_{width} with a width from ${RESIZE_MIN_WIDTH} to ${RESIZE_MAX_WIDTH}.`,
            schema: { type: 'string', pattern: '^resize,w_\\d+$' },
          },
        ],
        responses: {
          200: { description: 'The file.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          206: { description: 'The requested byte range.' },
          304: { description: 'Not modified since the cached copy.' },
          400: errorResponse('Invalid image_process parameter.'),
          404: errorResponse('No such file.'),
          416: { description: 'The byte range lies outside the file.' },
        },
      },
    },
  };
}

/** Sorts object keys at every depth so the committed file changes only when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Json)[key])]),
  );
}

/** The OpenAPI 3.1 document of every contract call plus the non-JSON endpoints. */
export function buildOpenApiDocument(): Json {
  const schemas: Json = {
    ErrorEnvelope: {
      type: 'object',
      properties: { code: { type: 'integer' }, data: { type: 'null' }, message: { type: 'string' } },
      required: ['code', 'data', 'message'],
    },
  };
  const paths: Json = otherPaths(schemas);
  for (const call of allCalls()) paths[call.path] = { post: operation(call, schemas) };
  const tags = [...new Set([...allCalls().map((c) => c.tag), 'realtime', 'media'])].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Starlit API',
      version: packageVersion,
      description:
        'Every call is a POST with a JSON body answered by the envelope {code, data, message}. Paths under /ai/ belong to the AI platform host, ' +
        'the others (x-host: pay) to the payment host. Send the session token in the `token` header; send X-Lang or Accept-Language (en_US, zh_TW) for messages.',
    },
    tags,
    paths: sortKeys(paths),
    components: sortKeys({
      schemas,
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token', description: 'Session token from /ai/api/v1/auth/code_to_token.' } },
    }),
  };
}

/** The document as committed: two-space JSON with a trailing newline. */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
