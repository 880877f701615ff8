import type { ZodType } from 'zod';

/** The contract schema each field of a form is checked with (fields without one always pass). */
export type FieldSchemas<V> = { [K in keyof V]?: ZodType };
/** Each failing field's first problem: a contract message key (or the schema's own text). */
export type Problems<V> = { [K in keyof V]?: string };

/** The first problem of a value under its schema, or null when it passes. */
export function problemOf(schema: ZodType | undefined, value: unknown): string | null {
  if (!schema) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The problems of every field of a form, checked with the same schemas the server uses. */
export function problemsOf<V extends object>(schemas: FieldSchemas<V>, values: V): Problems<V> {
  const problems: Problems<V> = {};
  for (const field of Object.keys(schemas) as (keyof V)[]) {
    const problem = problemOf(schemas[field], values[field]);
    if (problem !== null) problems[field] = problem;
  }
  return problems;
}
