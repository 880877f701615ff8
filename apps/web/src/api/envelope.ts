/** The envelope every answer comes in (SPEC §7), as far as a body can be read as one. */
export interface ReadEnvelope {
  code: number;
  data: unknown;
  message: string;
}

/** The envelope a parsed body carries, or null when it is not one (no numeric `code`). */
export function readEnvelope(body: unknown): ReadEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  if (!('code' in body) || typeof body.code !== 'number') return null;
  const message = 'message' in body && typeof body.message === 'string' ? body.message : '';
  return { code: body.code, data: 'data' in body ? body.data : null, message };
}
