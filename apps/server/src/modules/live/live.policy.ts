import { ErrorCode, type ErrorCodeValue } from '@starlit/contract';
import type { LiveMemberRow, LiveShowRow } from './live.repository.ts';

/**
 * Why a person cannot chat in a show now, or null when they can (docs/live.md, Chat). The owner
 * always may while it is on; everyone else by the show's policy, unless muted or removed.
 */
export function chatRefusal(
  show: Pick<LiveShowRow, 'state' | 'ownerId' | 'chatPolicy'>,
  viewerId: string | null,
  member: Pick<LiveMemberRow, 'muted' | 'removed'> | null,
  following: boolean,
): ErrorCodeValue | null {
  if (!viewerId) return ErrorCode.LIVE_SIGN_IN_TO_CHAT;
  if (show.state !== 'live') return ErrorCode.LIVE_ENDED;
  if (viewerId === show.ownerId) return null;
  if (member?.removed) return ErrorCode.LIVE_REMOVED;
  if (member?.muted) return ErrorCode.LIVE_MUTED;
  if (show.chatPolicy === 'nobody') return ErrorCode.LIVE_CHAT_CLOSED;
  if (show.chatPolicy === 'followers' && !following) return ErrorCode.LIVE_CHAT_FOLLOWERS;
  return null;
}

/** Milliseconds a person still has to wait in slow mode (the owner never waits). */
export function slowModeWait(show: Pick<LiveShowRow, 'ownerId' | 'slowModeSeconds'>, viewerId: string, member: Pick<LiveMemberRow, 'lastChatAt'> | null, now: Date): number {
  if (viewerId === show.ownerId || show.slowModeSeconds === 0 || !member?.lastChatAt) return 0;
  return Math.max(0, member.lastChatAt.getTime() + show.slowModeSeconds * 1000 - now.getTime());
}
