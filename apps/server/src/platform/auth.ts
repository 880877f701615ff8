import type { FastifyRequest } from 'fastify';

/** The caller of a call, resolved from the `token` header. */
export interface AuthUser {
  id: string;
  userName: string;
  role: 'user' | 'admin';
  sessionId: string;
  /** When the account was made; bounds which broadcasts the user sees. */
  joinedAt: Date;
}

/** The bearer token of a request: the `token` header of SPEC §7, or `Authorization: Bearer`. */
export function requestToken(req: FastifyRequest): string | null {
  const header = req.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}
