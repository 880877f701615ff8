import type { CallDef } from '../call.ts';
import { authCalls } from './auth.ts';
import { homeCalls } from './home.ts';
import { noticeCalls } from './notices.ts';

export * from './auth.ts';
export * from './home.ts';
export * from './notices.ts';

/** Every call, grouped by feature; the server registers these and OpenAPI is generated from them. */
export const calls = { auth: authCalls, home: homeCalls, notices: noticeCalls };

/** All calls as a flat list. */
export function allCalls(): CallDef[] {
  return Object.values(calls).flatMap((group) => Object.values(group) as CallDef[]);
}
