import { ErrorCode, errorMessage, isMessageKey, message, validationFraming, type Access, type CallDef, type Envelope, type Language } from '@starlit/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requestToken, type AuthUser } from './auth.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { requestLanguage, zodErrorMap } from './i18n.ts';
import { storableInput } from './input-text.ts';

/** What a call handler receives. Calls that need a user get a non-null one. */
export interface CallContext<I, A extends Access> {
  input: I;
  user: A extends 'public' ? AuthUser | null : AuthUser;
  lang: Language;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Resolves a token to its user, or null when the token is unknown, expired or revoked. */
export type Authenticate = (token: string) => Promise<AuthUser | null>;

/** A success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { code: 0, data, message: '' };
}

function failure(lang: Language, error: AppError): Envelope<null> {
  return { code: error.code, data: null, message: error.detail ?? errorMessage(error.code, lang) };
}

function validationMessage(lang: Language, issues: z.core.$ZodIssue[]): string {
  const framing = validationFraming[lang];
  return (
    issues
      .slice(0, 3)
      // rules of the contract carry catalogue keys as messages, so the form and the server say the same
      .map((issue) => framing.field(issue.path.length ? issue.path.join('.') : framing.body, isMessageKey(issue.message) ? message(issue.message, lang) : issue.message))
      .join('; ')
  );
}

/**
 * How a call answers input its schema refuses, when a feature's rules name their own codes
 * (SPEC §5 texts a client shows as they are); by default 1001 with each field's message.
 */
export type InvalidInput = (issues: z.core.$ZodIssue[]) => AppError;

/** Validates a request body with a contract schema; failures carry messages in the caller's language. */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown, lang: Language, invalid?: InvalidInput): z.output<S> {
  const parsed = schema.safeParse(body ?? {}, { error: zodErrorMap(lang) });
  if (!parsed.success) throw invalid ? invalid(parsed.error.issues) : new AppError(ErrorCode.VALIDATION, 200, validationMessage(lang, parsed.error.issues));
  return parsed.data;
}

/**
 * Registers one contract call as `POST path`: checks access, validates the body with the
 * call's schema (messages in the caller's language), runs the handler, and shapes the
 * answer with the output schema so nothing outside the contract leaves the server.
 */
export function registerCall<I extends z.ZodType, O extends z.ZodType, A extends Access>(
  app: FastifyInstance,
  call: CallDef<I, O, A>,
  authenticate: Authenticate,
  handler: (ctx: CallContext<z.output<I>, A>) => Promise<z.input<O>>,
  options: { invalidInput?: InvalidInput } = {},
) {
  app.post(call.path, async (req, reply) => {
    const lang = requestLanguage(req);
    const token = requestToken(req);
    const user = token ? await authenticate(token) : null;
    if (call.access !== 'public' && !user) throw unauthorized();
    if (call.access === 'admin' && user?.role !== 'admin') throw forbidden();
    const input = parseInput(call.input, req.body, lang, options.invalidInput);
    const data = await handler({ input, user: user as CallContext<z.output<I>, A>['user'], lang, req, reply });
    return ok(call.output.parse(data));
  });
}

/** Turns every failure into the envelope with the right status and a localized message. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      // a limiter that knows its window has said when to come back already
      if (err.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(err.status).send(failure(lang, err));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(failure(lang, new AppError(ErrorCode.BODY_TOO_LARGE, 413)));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(failure(lang, new AppError(ErrorCode.BAD_REQUEST, 415)));
    }
    if (fe instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(failure(lang, new AppError(ErrorCode.MALFORMED_JSON, 400)));
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send(failure(lang, new AppError(ErrorCode.RATE_LIMITED, 429)));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send(failure(lang, new AppError(ErrorCode.BAD_REQUEST, fe.statusCode)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(failure(lang, new AppError(ErrorCode.INTERNAL, 500)));
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = requestLanguage(req);
    return reply.status(404).send(failure(lang, new AppError(ErrorCode.NOT_FOUND, 404)));
  });
}

/** Parses JSON bodies, treating an empty body as `{}` (SPEC §7: "empty body" calls). */
export function installJsonParser(app: FastifyInstance) {
  // Fastify's own parser refuses __proto__ and constructor.prototype keys; keep it for non-empty bodies.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    parseJson(req, text, done);
  });
}

/**
 * The one place text enters the server: every string of every request's body (JSON calls,
 * streaming calls, passport forms), query, path parameters and cookies is made storable
 * before any route reads it (see storableText), so no feature meets a NUL or a lone surrogate.
 * Stripped rather than refused: neither can be seen or typed, and a field left empty by it
 * still fails its own rule with the usual localized message.
 */
export function installInputBoundary(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    req.body = storableInput(req.body);
    storableInput(req.query);
    storableInput(req.params);
    storableInput(req.cookies);
  });
}
