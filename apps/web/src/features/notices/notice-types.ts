import type { calls, CallOutput } from '@starlit/contract';

/** The two notice types of SPEC §3: notifications (system) and interactive messages. */
export type NoticeKind = 'system' | 'interact';

export type SystemNotice = CallOutput<typeof calls.notices.systemDetail>;
export type InteractNotice = CallOutput<typeof calls.notices.interactDetail>;
export type Notice = SystemNotice | InteractNotice;

/** Which notice the NOTICE_CONTENT modal shows (home state noticeCont). */
export interface NoticeRef {
  kind: NoticeKind;
  id: string;
}
