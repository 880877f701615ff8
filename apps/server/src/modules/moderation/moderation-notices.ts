import type { SystemTemplate } from '@starlit/contract';
import type { WorkAction } from './moderation.repository.ts';

/** What the author is told of an action (dismiss tells them nothing: nothing happened to them). */
export interface AuthorNews {
  action: Exclude<WorkAction, 'dismiss'>;
  workName: string;
  reason: string;
  hidden: boolean;
  activeStrikes: number;
  mutedUntil: Date | null;
}

/**
 * The author's notice of an action, as a template: an account keeps no language, and the
 * moderator's is not the recipient's, so it is written in the reader's when read.
 */
export function authorNotice(n: AuthorNews): SystemTemplate {
  return { kind: 'moderation_author', params: { ...n, mutedUntil: n.mutedUntil?.toISOString() ?? null } };
}

/** What a reporter is told when their report is closed. */
export function reporterNotice(action: Exclude<WorkAction, 'unhide'>, workName: string, hidden: boolean): SystemTemplate {
  return { kind: 'moderation_reporter', params: { action, workName, hidden } };
}
