/** PostgreSQL's unique_violation, as the driver (or drizzle's wrapper, in `cause`) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505');
}
