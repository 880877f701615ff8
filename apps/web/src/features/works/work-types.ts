import type { Work as WorkSchema } from '@starlit/contract';
import type { z } from 'zod';

/** A work as `works.get` and `works.mine` answer it. */
export type Work = z.infer<typeof WorkSchema>;
