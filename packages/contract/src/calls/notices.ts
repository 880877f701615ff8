import { z } from 'zod';
import { defineCall, EmptyInput, PageInput, pageOf } from '../call.ts';

/** Unread counts of SPEC §3: strings, as the seed's client expects. */
export const UnreadCount = z.object({ system: z.string(), interact: z.string(), all: z.string() });

/** A system notice (the "notifications" tab): from Starlit to everyone or to one user. */
export const SystemNotice = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(['everyone', 'user']),
  read: z.boolean(),
  createdAt: z.string(),
});

/** What happened in an interactive notice; later features add their own kinds. */
export const InteractKind = z.enum(['like', 'comment', 'reply', 'follow', 'gift', 'mention', 'other']);

/** An interactive notice (the "interactive messages" tab): another user did something. */
export const InteractNotice = z.object({
  id: z.string(),
  kind: InteractKind,
  title: z.string(),
  content: z.string(),
  actor: z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** How many more people did the same while it was unread ("Ana and 3 others liked your work"); the actor is the latest. */
  othersCount: z.number().int(),
  read: z.boolean(),
  createdAt: z.string(),
});

const NoticeId = z.object({ id: z.string().uuid() });
/** Mark one notice read (`id`) or all of them (`all: true`). */
const MarkRead = z
  .object({ id: z.string().uuid().optional(), all: z.boolean().optional() })
  .refine((v) => (v.id !== undefined) !== (v.all === true), { message: 'give either "id" or "all": true', path: ['id'] });
/** Longest title and content of a notice an admin writes. */
export const NOTICE_LIMITS = { title: 100, content: 5000 } as const;
const Title = z.string().trim().min(1).max(NOTICE_LIMITS.title);
const Content = z.string().trim().min(1).max(NOTICE_LIMITS.content);

export const noticeCalls = {
  unreadCount: defineCall({
    path: '/ai/api/v1/message/notice/get_all_unread_count',
    summary: 'Unread notice counts of the signed-in user',
    tag: 'notices',
    access: 'user',
    input: EmptyInput,
    output: UnreadCount,
  }),
  systemList: defineCall({
    path: '/ai/api/v1/message/notice/get_system_notice',
    summary: 'System notices of the signed-in user, newest first',
    tag: 'notices',
    access: 'user',
    input: PageInput,
    output: pageOf(SystemNotice),
  }),
  systemDetail: defineCall({
    path: '/ai/api/v1/message/notice/get_system_notice_detail',
    summary: 'One system notice; opening it marks it read',
    tag: 'notices',
    access: 'user',
    input: NoticeId,
    output: SystemNotice,
  }),
  systemRead: defineCall({
    path: '/ai/api/v1/message/notice/system_notice_read',
    summary: 'Mark one system notice or all of them read',
    tag: 'notices',
    access: 'user',
    input: MarkRead,
    output: z.object({ updated: z.number().int() }),
  }),
  interactList: defineCall({
    path: '/ai/api/v1/message/notice/interact_notice_list',
    summary: 'Interactive notices of the signed-in user, newest first',
    tag: 'notices',
    access: 'user',
    input: PageInput,
    output: pageOf(InteractNotice),
  }),
  interactDetail: defineCall({
    path: '/ai/api/v1/message/notice/get_interact_notice_detail',
    summary: 'One interactive notice; opening it marks it read',
    tag: 'notices',
    access: 'user',
    input: NoticeId,
    output: InteractNotice,
  }),
  interactRead: defineCall({
    path: '/ai/api/v1/message/notice/interact_notice_read',
    summary: 'Mark one interactive notice or all of them read',
    tag: 'notices',
    access: 'user',
    input: MarkRead,
    output: z.object({ updated: z.number().int() }),
  }),
  createSystem: defineCall({
    path: '/ai/api/v1/message/notice/create_system_notice',
    summary: 'Send a system notice to everyone (admin)',
    tag: 'notices',
    access: 'admin',
    input: z.object({ title: Title, content: Content }),
    output: SystemNotice,
  }),
  createUserSystem: defineCall({
    path: '/ai/api/v1/message/notice/create_user_system_notice',
    summary: 'Send a system notice to one user (admin)',
    tag: 'notices',
    access: 'admin',
    input: z.object({ userId: z.string().uuid(), title: Title, content: Content }),
    output: SystemNotice,
  }),
  createInteract: defineCall({
    path: '/ai/api/v1/message/notice/create_interact_notice',
    summary: 'Send an interactive notice to a user (admin; features send them from the server)',
    tag: 'notices',
    access: 'admin',
    input: z.object({
      userId: z.string().uuid(),
      kind: InteractKind,
      title: Title,
      content: Content,
      actorId: z.string().uuid().optional(),
      targetType: z.string().max(40).optional(),
      targetId: z.string().max(100).optional(),
    }),
    output: InteractNotice,
  }),
};
