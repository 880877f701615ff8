import { hash, verify } from '@node-rs/argon2';
import { ErrorCode, type Language } from '@starlit/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser } from '../../platform/auth.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import type { AuthRepository, SessionKind } from './auth.repository.ts';
import type { ExternalProvider } from './oidc.ts';

/** Codes of the built-in provider live 60 s (foundation issue §3). */
export const CODE_TTL_MS = 60_000;
/** A sign-in started on the app has 10 minutes to come back. */
const STATE_TTL_MS = 10 * 60_000;

export interface AuthServiceDeps {
  auth: AuthRepository;
  users: UsersRepository;
  sessionTtlMs: number;
  adminUsers: string[];
  external: ExternalProvider | null;
  /** Resolved API tokens of the last seconds; forgotten here when a session ends. */
  sessions: SessionCache;
  /** Runs once per new account. */
  onUserCreated: (user: UserRow) => Promise<void>;
}

/**
 * Kinds of session the API accepts as `token`. The provider's own cookie session (`provider`)
 * is not among them: it belongs to the /passport/ pages, whose cookie must never open the API.
 */
const API_SESSION_KINDS = ['web', 'passport'] as const;

/** A user's new session as the client keeps it. */
export interface IssuedSession {
  token: string;
  passportToken: string;
  user: UserRow;
  expiresAt: Date;
  returnTo: string | null;
}

export function authService(deps: AuthServiceDeps) {
  const { auth, users } = deps;
  const isAdminName = (name: string) => deps.adminUsers.some((n) => n.toLowerCase() === name.toLowerCase());

  async function createSession(userId: string, kind: SessionKind, signInId: string | null = null) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + deps.sessionTtlMs);
    await auth.insertSession({ userId, tokenHash: hashToken(token), kind, expiresAt, signInId });
    return { token, expiresAt };
  }

  async function issueAppSession(user: UserRow, returnTo: string | null): Promise<IssuedSession> {
    const signInId = randomUUID();
    const web = await createSession(user.id, 'web', signInId);
    const passport = await createSession(user.id, 'passport', signInId);
    return { token: web.token, passportToken: passport.token, user, expiresAt: web.expiresAt, returnTo };
  }

  async function liveSession(tokenHash: string, kinds: ReadonlyArray<SessionKind>) {
    const row = await auth.liveSession(tokenHash, kinds);
    return row ? { user: { id: row.userId, userName: row.userName, role: row.role, sessionId: row.sessionId, joinedAt: row.joinedAt }, expiresAt: row.expiresAt } : null;
  }

  async function insertUser(userName: string, passwordHash: string | null): Promise<UserRow | null> {
    const user = await users.insert({ userName, passwordHash, role: isAdminName(userName) ? 'admin' : 'user' });
    if (user) await deps.onUserCreated(user);
    return user;
  }

  return {
    usesExternalProvider: deps.external !== null,

    /** The caller behind an API token (`web` or `passport` session), or null. */
    authenticate(token: string) {
      const tokenHash = hashToken(token);
      return deps.sessions.resolve(tokenHash, () => liveSession(tokenHash, API_SESSION_KINDS));
    },

    /** The person behind the provider's own cookie (a `provider` session), or null; only the sign-in pages ask. */
    async authenticateProvider(token: string) {
      return (await liveSession(hashToken(token), ['provider']))?.user ?? null;
    },

    /** Signs up with the built-in provider. */
    async signUp(userName: string, password: string): Promise<UserRow> {
      if (await users.byName(userName)) throw new AppError(ErrorCode.AUTH_USERNAME_TAKEN);
      const user = await insertUser(userName, await hash(password));
      if (!user) throw new AppError(ErrorCode.AUTH_USERNAME_TAKEN);
      return user;
    },

    /** Checks a password; the same answer for an unknown name and a wrong password. */
    async signIn(userName: string, password: string): Promise<UserRow> {
      const user = await users.byName(userName);
      if (!user?.passwordHash || !(await verify(user.passwordHash, password))) {
        throw new AppError(ErrorCode.AUTH_BAD_CREDENTIALS);
      }
      return user;
    },

    /** The built-in provider's own cookie session (so a second sign-in needs no password). */
    providerSession: (userId: string) => createSession(userId, 'provider'),

    /** Issues a single-use authorization code for a redirect URI and the state of the sign-in it answers. */
    async issueCode(userId: string, redirectUri: string, state: string | null): Promise<string> {
      const code = newToken();
      await auth.insertCode({ codeHash: hashToken(code), userId, redirectUri, state, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
      return code;
    },

    /** Starts a sign-in: remembers where to return and answers the provider's authorize URL. */
    async begin(params: { returnTo: string; redirectUri: string; builtInAuthorizeUrl: string; lang: Language }) {
      const state = newToken();
      const nonce = newToken();
      const codeVerifier = randomBytes(32).toString('base64url');
      await auth.insertState({
        state,
        nonce,
        codeVerifier,
        returnTo: params.returnTo,
        redirectUri: params.redirectUri,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      if (deps.external) {
        return { state, url: await deps.external.authorizeUrl({ redirectUri: params.redirectUri, state, nonce, codeVerifier, lang: params.lang }) };
      }
      const url = new URL(params.builtInAuthorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', 'starlit-web');
      url.searchParams.set('redirect_uri', params.redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('lang', params.lang);
      return { state, url: url.href };
    },

    /**
     * Exchanges a code for a session (SPEC §4). The code must answer a sign-in this
     * browser started (its state), so nobody can sign a victim into another account with a
     * link. With the built-in provider the code is looked up here; with an external one it
     * is redeemed at the provider with PKCE.
     */
    async codeToToken(code: string, state: string): Promise<IssuedSession> {
      if (deps.external) {
        const flow = await auth.consumeState(state);
        if (!flow) throw new AppError(ErrorCode.AUTH_STATE_INVALID);
        let identity: { subject: string; name: string };
        try {
          identity = await deps.external.exchange({ redirectUri: flow.redirectUri, code, state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
        } catch {
          throw new AppError(ErrorCode.AUTH_CODE_INVALID);
        }
        const user = await this.userForIdentity(deps.external.issuer, identity.subject, identity.name);
        return issueAppSession(user, flow.returnTo);
      }
      // the code first: a reused or expired code says so, whatever the state
      const row = await auth.consumeCode(hashToken(code));
      if (!row) throw new AppError(ErrorCode.AUTH_CODE_INVALID);
      const flow = await auth.consumeState(state);
      if (!flow) throw new AppError(ErrorCode.AUTH_STATE_INVALID);
      if (row.state !== flow.state || row.redirectUri !== flow.redirectUri) throw new AppError(ErrorCode.AUTH_CODE_INVALID);
      const user = await users.byId(row.userId);
      if (!user) throw new AppError(ErrorCode.AUTH_CODE_INVALID);
      return issueAppSession(user, flow.returnTo);
    },

    /** Finds or creates the user for an external identity; names clash-free by suffixing. */
    async userForIdentity(issuer: string, subject: string, preferredName: string): Promise<UserRow> {
      const existing = await users.byIdentity(issuer, subject);
      if (existing) return existing;
      const base = preferredName.replace(/[^\p{L}\p{N}_.-]/gu, '').slice(0, 20) || 'user';
      for (let attempt = 0; attempt < 20; attempt++) {
        const name = attempt === 0 ? base : `${base}${randomBytes(2).readUInt16BE(0) % 10000}`;
        const user = await insertUser(name.length >= 3 ? name : `${name}_user`, null);
        if (user) {
          await users.linkIdentity(issuer, subject, user.id);
          return user;
        }
      }
      throw new AppError(ErrorCode.AUTH_PROVIDER_FAILED);
    },

    /** Forgets spent or expired codes, sign-in states and sessions. */
    sweep: () => auth.sweep(),

    /** Ends a session and the other token of its sign-in. */
    async revoke(user: Pick<AuthUser, 'id' | 'sessionId'>) {
      const revoked = await auth.revokeSession(user.sessionId);
      deps.sessions.forgetUser(user.id);
      return revoked;
    },
    async revokeAll(userId: string) {
      const revoked = await auth.revokeUserSessions(userId);
      deps.sessions.forgetUser(userId);
      return revoked;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
