import { z } from 'zod';

/** User names: 3–24 letters, digits, "_", "." or "-" (any script), unique regardless of case. */
export const UserName = z
  .string()
  .trim()
  .min(3)
  .max(24)
  .regex(/^[\p{L}\p{N}_.-]+$/u, { message: 'letters, digits, "_", "." and "-" only' });

/** Passwords: 8–128 characters. */
export const Password = z.string().min(8).max(128);
