import { z } from 'zod';
import { Cursor } from './rules/cursor.ts';

/** Who may make a call: anyone, a signed-in user, or an admin. */
export type Access = 'public' | 'user' | 'admin';

/** Which API host serves a call (SPEC §7: paths under the AI prefix go to the AI host). */
export type Host = 'ai' | 'pay';

/** The AI platform prefix of SPEC §7; every other path belongs to the payment host. */
export const AI_PREFIX = '/ai';

/** One API call: its path, input and output schemas and who may make it. */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  path: string;
  input: I;
  output: O;
  access: A;
  summary: string;
  tag: string;
}

/** Declares a call; the path decides the host. */
export function defineCall<I extends z.ZodType, O extends z.ZodType, A extends Access>(def: CallDef<I, O, A>): CallDef<I, O, A> {
  if (!def.path.startsWith('/')) throw new Error(`call path must start with "/": ${def.path}`);
  return def;
}

/** The host a path is sent to (SPEC §7). */
export function hostOf(path: string): Host {
  return path.startsWith(`${AI_PREFIX}/`) ? 'ai' : 'pay';
}

/** Input type of a call. */
export type CallInput<C extends CallDef> = z.input<C['input']>;
/** Output (data) type of a call. */
export type CallOutput<C extends CallDef> = z.output<C['output']>;

/** The response envelope of every call: code 0 is success. */
export interface Envelope<T> {
  code: number;
  data: T | null;
  message: string;
}

/** Zod schema of the envelope around a data schema (used for OpenAPI). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data: data.nullable(), message: z.string() });
}

/** An empty request body. */
export const EmptyInput = z.object({}).strict();

/** Cursor pagination input shared by every list (ARCHITECTURE §3). */
export const PageInput = z.object({
  cursor: Cursor.optional(),
  limit: z.number().int().min(1).max(100).default(20),
});

/** Cursor pagination output around an item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
