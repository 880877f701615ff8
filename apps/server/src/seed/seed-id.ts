import { createHash } from 'node:crypto';

/**
 * A fixed UUID for a demo row, derived from its name (name-based, version 5 layout). The
 * same row gets the same id on every start, which makes re-running the seed an upsert.
 */
export function seedId(name: string): string {
  const bytes = createHash('sha256').update(`starlit-demo-seed:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
