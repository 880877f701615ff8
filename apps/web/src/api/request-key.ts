import { randomId } from '../platform/device';

/**
 * A new idempotency key for one spending request (docs/economy.md, Idempotent spending). A
 * screen keeps it until the request succeeds or what is bought changes, so a double click or a
 * retry after a lost answer is answered once.
 */
export const newRequestKey = (): string => randomId();
