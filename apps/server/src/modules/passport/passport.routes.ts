import { errorMessage, LANGUAGES, pickLanguage, type Language } from '@starlit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { publicOrigin } from '../../platform/origin.ts';
import type { Backoff } from '../../platform/backoff.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { clearProviderCookie, csrfToken, csrfValid, LANG_COOKIE, PROVIDER_COOKIE, setLanguageCookie, setProviderCookie } from './passport.cookies.ts';
import { fill, passportStrings } from './passport.i18n.ts';
import { sendPage } from './passport.layout.ts';
import { passportHref, readFlow, redirectWithCode, stringField, type AuthorizeRequest } from './passport.oauth.ts';
import { accountPage, continuePage, messagePage, signInPage, signUpPage, type PageContext } from './passport.pages.ts';
import { checkSignUp } from './passport.validation.ts';

export interface PassportDeps {
  auth: AuthService;
  limiter: RateLimiter;
  publicUrl: string | null;
  backoff: Backoff;
  /** The server's signing key (CSRF tokens). */
  secret: Buffer;
  /**
   * Failed sign-ins on one name from one address before each further one waits (an address
   * gets ADDRESS_FACTOR times as many across names); also sign-ups per address in 15 minutes.
   */
  attemptsPer15Min: number;
}

const WINDOW_MS = 15 * 60_000;
/** Past the free failures the waits are 2 s, 4 s, 8 s … and at most 15 minutes. */
const BACKOFF_BASE_MS = 2000;
const BACKOFF_MAX_MS = 15 * 60_000;
/** A key's failures are forgotten an hour after the last one (longer than the longest wait). */
const FORGET_MS = 60 * 60_000;
/** Several people may share an address (an office, a school): it gets a larger budget. */
const ADDRESS_FACTOR = 3;

type Fields = Record<string, unknown>;

/** A passport address with the other language picked. */
function toggleHref(here: string, origin: string, lang: Language): string {
  const url = new URL(here, origin);
  url.searchParams.set('lang', lang === 'en_US' ? 'zh_TW' : 'en_US');
  return `${url.pathname}${url.search}`;
}

/** What a POST handler gets once the form passed the OAuth and CSRF checks. */
interface Submission {
  req: FastifyRequest;
  reply: FastifyReply;
  origin: string;
  body: Fields;
  request: AuthorizeRequest | null;
  lang: Language;
  ctx: PageContext;
}

/**
 * The built-in sign-in provider (OAuth 2.0 authorization code grant for the Starlit web
 * app), with its own server-rendered pages under /passport/.
 */
export function passportRoutes(app: FastifyInstance, deps: PassportDeps) {
  const { auth } = deps;

  function language(req: FastifyRequest, reply: FastifyReply, origin: string): Language {
    const picked = stringField(req.query as Fields, 'lang');
    const lang = pickLanguage(picked, req.cookies[LANG_COOKIE], req.headers['accept-language']);
    if ((LANGUAGES as readonly string[]).includes(picked)) setLanguageCookie(reply, origin, lang);
    return lang;
  }

  /** `here` is the GET address of the page, so the language toggle reopens the same page. */
  function pageContext(req: FastifyRequest, reply: FastifyReply, origin: string, lang: Language, here = req.url): PageContext {
    return { t: passportStrings[lang], csrf: csrfToken(req, reply, origin, deps.secret), toggleHref: toggleHref(here, origin, lang) };
  }

  /** Origin, language and page context of a GET page. */
  function open(req: FastifyRequest, reply: FastifyReply) {
    const origin = publicOrigin(req, deps.publicUrl);
    return { origin, ctx: pageContext(req, reply, origin, language(req, reply, origin)) };
  }

  async function providerUser(req: FastifyRequest) {
    const token = req.cookies[PROVIDER_COOKIE];
    return token ? auth.authenticateProvider(token) : null;
  }

  function invalidRequest(reply: FastifyReply, origin: string, ctx: PageContext) {
    const page = messagePage(ctx, { title: ctx.t.badRequestTitle, lead: ctx.t.badRequestLead, href: '/', action: ctx.t.backToApp });
    return sendPage(reply, 400, page, origin);
  }

  /** A 429 page that says how long to wait, in seconds or (from a minute on) minutes. */
  function tooMany(s: Submission, retryAfterMs: number, page: (errors: string[]) => string) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const wait = seconds < 60 ? fill(s.ctx.t.waitSeconds, { n: seconds }) : fill(s.ctx.t.waitMinutes, { n: Math.ceil(seconds / 60) });
    return sendPage(s.reply.header('retry-after', String(seconds)), 429, page([fill(s.ctx.t.tooManyAttempts, { wait })]), s.origin);
  }

  /**
   * The back-off keys of a sign-in: the address alone (guessing across many names) and the
   * name from that address (guessing one account). Never the name alone, which would let
   * anyone slow the owner down from elsewhere.
   */
  function signInKeys(ip: string, userName: string) {
    const name = userName.trim().toLowerCase().slice(0, 64);
    const perName = { free: deps.attemptsPer15Min, baseMs: BACKOFF_BASE_MS, maxMs: BACKOFF_MAX_MS, forgetMs: FORGET_MS };
    return {
      address: { key: `passport:signin:ip:${ip}`, policy: { ...perName, free: deps.attemptsPer15Min * ADDRESS_FACTOR } },
      nameFromAddress: { key: `passport:signin:user:${name}:ip:${ip}`, policy: perName },
    };
  }

  /** Signed in at the provider: remember the browser, then hand the app a code. */
  async function signedIn({ req, reply, origin, request }: Submission, userId: string) {
    const previous = await providerUser(req);
    if (previous) await auth.revoke(previous);
    const session = await auth.providerSession(userId);
    setProviderCookie(reply, origin, session.token, session.expiresAt);
    return handBack(reply, userId, request);
  }

  async function handBack(reply: FastifyReply, userId: string, request: AuthorizeRequest | null) {
    if (!request) return reply.redirect('/passport/', 302);
    const code = await auth.issueCode(userId, request.redirectUri, request.state);
    return reply.header('cache-control', 'no-store').redirect(redirectWithCode(request, code), 302);
  }

  /** The page a form belongs to: where its language toggle and "try again" lead. */
  const formPage = (request: AuthorizeRequest | null) => passportHref(request ? '/passport/authorize' : '/passport/', request);

  /** Registers a form endpoint that refuses foreign redirect URIs and forged submissions. */
  function form(path: string, handler: (s: Submission) => Promise<unknown>, page = formPage) {
    app.post(path, async (req, reply) => {
      const origin = publicOrigin(req, deps.publicUrl);
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Fields;
      const lang = language(req, reply, origin);
      const flow = readFlow(body, origin);
      const request = flow.kind === 'oauth' ? flow.request : null;
      const retryHref = page(request);
      const ctx = pageContext(req, reply, origin, lang, retryHref);
      if (flow.kind === 'invalid') return invalidRequest(reply, origin, ctx);
      if (!csrfValid(req, stringField(body, 'csrf'), deps.secret)) {
        const expired = messagePage(ctx, { title: ctx.t.formExpiredTitle, lead: ctx.t.formExpiredLead, href: retryHref, action: ctx.t.tryAgain });
        return sendPage(reply, 403, expired, origin);
      }
      return handler({ req, reply, origin, body, request, lang, ctx });
    });
  }

  if (auth.usesExternalProvider) {
    const externalOnly = async (req: FastifyRequest, reply: FastifyReply) => {
      const origin = publicOrigin(req, deps.publicUrl);
      const lang = language(req, reply, origin);
      const t = passportStrings[lang];
      // no forms here, so no CSRF cookie either
      const ctx: PageContext = { t, csrf: '', toggleHref: toggleHref(req.url, origin, lang) };
      return sendPage(reply, 404, messagePage(ctx, { title: t.externalTitle, lead: t.externalLead, href: '/', action: t.backToApp }), origin);
    };
    app.route({ method: ['GET', 'POST'], url: '/passport', handler: externalOnly });
    app.route({ method: ['GET', 'POST'], url: '/passport/*', handler: externalOnly });
    return;
  }

  app.get('/passport', (_req, reply) => reply.redirect('/passport/', 302));

  app.get('/passport/', async (req, reply) => {
    const { origin, ctx } = open(req, reply);
    const user = await providerUser(req);
    const page = user ? accountPage(ctx, user.userName) : signInPage(ctx, { request: null, userName: '', errors: [] });
    return sendPage(reply, 200, page, origin);
  });

  app.get('/passport/authorize', async (req, reply) => {
    const { origin, ctx } = open(req, reply);
    const flow = readFlow(req.query, origin);
    if (flow.kind !== 'oauth') return invalidRequest(reply, origin, ctx);
    const user = await providerUser(req);
    const page = user ? continuePage(ctx, flow.request, user.userName) : signInPage(ctx, { request: flow.request, userName: '', errors: [] });
    return sendPage(reply, 200, page, origin);
  });

  app.get('/passport/signup', async (req, reply) => {
    const { origin, ctx } = open(req, reply);
    const flow = readFlow(req.query, origin);
    if (flow.kind === 'invalid') return invalidRequest(reply, origin, ctx);
    const request = flow.kind === 'oauth' ? flow.request : null;
    return sendPage(reply, 200, signUpPage(ctx, { request, userName: '', errors: [] }), origin);
  });

  form('/passport/signin', async (s) => {
    const { ctx } = s;
    const userName = stringField(s.body, 'username');
    const again = (errors: string[]) => signInPage(ctx, { request: s.request, userName, errors });
    const keys = signInKeys(s.req.ip, userName);
    const attempt = await deps.backoff.attempt([keys.address, keys.nameFromAddress]);
    if (!attempt.allowed) return tooMany(s, attempt.retryAfterMs, again);
    const user = await auth.signIn(userName.trim(), stringField(s.body, 'password')).catch((err: unknown) => {
      if (err instanceof AppError) return err;
      throw err;
    });
    // a person reads this, so it is a page (200), not a status code
    if (user instanceof AppError) return sendPage(s.reply, 200, again([errorMessage(user.code, s.lang)]), s.origin);
    // only failures count: the owner's own sign-ins never use up the budget
    await deps.backoff.succeeded([keys.address.key], [keys.nameFromAddress.key]);
    return signedIn(s, user.id);
  });

  form(
    '/passport/signup',
    async (s) => {
      const { ctx } = s;
      const checked = checkSignUp(ctx.t, { userName: stringField(s.body, 'username'), password: stringField(s.body, 'password'), confirm: stringField(s.body, 'confirm') });
      const page = (errors: string[]) => signUpPage(ctx, { request: s.request, userName: checked.userName, errors });
      const again = (errors: string[]) => sendPage(s.reply, 200, page(errors), s.origin);
      // a sign-up always makes an account, so every one counts, per address
      const { allowed, retryAfterMs } = await deps.limiter.hit(`passport:signup:ip:${s.req.ip}`, deps.attemptsPer15Min, WINDOW_MS);
      if (!allowed) return tooMany(s, retryAfterMs, page);
      if (checked.errors.length > 0) return again(checked.errors);
      try {
        const user = await auth.signUp(checked.userName, stringField(s.body, 'password'));
        return await signedIn(s, user.id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return again([errorMessage(err.code, s.lang)]);
      }
    },
    (request) => passportHref('/passport/signup', request),
  );

  form('/passport/continue', async (s) => {
    const user = await providerUser(s.req);
    if (!user) return sendPage(s.reply, 200, signInPage(s.ctx, { request: s.request, userName: '', errors: [] }), s.origin);
    return handBack(s.reply, user.id, s.request);
  });

  form('/passport/signout', async (s) => {
    const user = await providerUser(s.req);
    if (user) await auth.revoke(user);
    clearProviderCookie(s.reply, s.origin);
    return s.reply.redirect(passportHref(s.request ? '/passport/authorize' : '/passport/', s.request), 302);
  });

  form('/passport/signout-all', async (s) => {
    const user = await providerUser(s.req);
    if (user) await auth.revokeAll(user.id);
    clearProviderCookie(s.reply, s.origin);
    return s.reply.redirect('/passport/', 302);
  });
}
