import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allCalls, calls, RECHARGE_AGREEMENT_VERSION } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toneSpeech } from '../../test/agents.ts';
import { eventually } from '../../test/eventually.ts';
import {
  buildAdmin,
  buildAgent,
  buildConversation,
  buildDraftAgent,
  buildIdentity,
  buildInteractNotice,
  buildStoreItem,
  buildSystemNotice,
  buildUser,
  buildVoice,
  buildWork,
} from '../../test/factories.ts';
import { danceWork, liveKey } from '../../test/live.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../test/server.ts';
import { buildDefaultVrm } from '../modules/avatars/default-vrm.ts';
import { dailyTasks } from '../db/schema/daily-tasks.ts';

// Every call of the contract, tried by an anonymous visitor, a signed-in user and an admin:
// access is checked before the body, so an empty body tells the access answer apart.
let t: TestServer;
let userName: string;
beforeAll(async () => {
  t = await startTestServer();
  userName = (await buildUser(t)).userName;
});
afterAll(async () => {
  await t?.close();
});

const expected = {
  public: { anonymous: 200, user: 200, admin: 200 },
  user: { anonymous: 401, user: 200, admin: 200 },
  admin: { anonymous: 401, user: 403, admin: 200 },
} as const;

describe.each(allCalls().map((c) => [c.path, c] as const))('%s', (path, call) => {
  it(`answers ${JSON.stringify(expected[call.access])}`, async () => {
    // fresh sessions for every call: logout and logout_all end the ones they are given
    const user = await buildUser(t, userName);
    const admin = await buildAdmin(t);
    const anonymous = await t.call(path, {});
    const asUser = await t.call(path, {}, { as: user });
    const asAdmin = await t.call(path, {}, { as: admin });
    expect({ anonymous: anonymous.status, user: asUser.status, admin: asAdmin.status }).toEqual(expected[call.access]);
    for (const res of [anonymous, asUser, asAdmin]) {
      expect(res.body).toHaveProperty('code');
      expect(typeof res.body.message).toBe('string');
    }
  });
});

// The visibility matrix: every call that names a thing by id, tried on a thing of `owner` that
// only its owner may see (a private draft agent, their conversation, their clone, their notice)
// by an anonymous visitor, the owner, another user and an admin. Each cell is the answer's
// code: 0, 401, 403 or the feature's not-found code. A new call taking an id fails the first
// test below until it has its row here.
describe('visibility matrix', () => {
  const ID_KEY = /^(id|ids)$|Ids?$/;
  // a call whose input is one object per kind (creation/create) takes the keys of every kind
  const shapeOf = (schema: unknown): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : schema instanceof z.ZodDiscriminatedUnion ? schema.options.flatMap(shapeOf) : []);
  const idCalls = allCalls().filter((c) => shapeOf(c.input).some((key) => ID_KEY.test(key)));

  type Role = 'anonymous' | 'owner' | 'other' | 'admin';
  interface World {
    m: TestServer;
    owner: SignedIn;
    other: SignedIn;
    admin: SignedIn;
  }
  interface Row {
    /** Makes fresh things of `owner` and answers the call's body naming them. */
    body(w: World): Promise<Record<string, unknown>>;
    expect: Record<Role, number>;
  }

  const mine = (owner = 0, others = 403) => ({ anonymous: 401, owner, other: others, admin: others });
  const adminOnly = { anonymous: 401, owner: 403, other: 403, admin: 0 };

  const agent = async (w: World) => (await buildDraftAgent(w.m, w.owner, { nickname: 'Hidden', opening: 'Hello there.', isPublic: false })).id;
  const conversation = async (w: World) => buildConversation(w.m, { user: w.owner, agentId: await agent(w) });
  const memory = async (w: World) => {
    const { id } = await conversation(w);
    return (await w.m.ok(calls.chat.memoryAdd, { conversationId: id, content: 'Likes tea', pinned: false }, { as: w.owner })).id;
  };
  const cartedItem = async (w: World) => {
    const { id } = await buildStoreItem(w.m);
    await w.m.ok(calls.store.cartAdd, { itemId: id }, { as: w.owner });
    return id;
  };
  const identity = async (w: World) => (await buildIdentity(w.m, w.owner, { name: 'Me', gender: 'Unknown' })).id;
  const job = async (w: World) => (await w.m.ok(calls.avatars.generate2d, { agentId: await agent(w), name: 'Hidden', description: 'a fox', style: 'anime' }, { as: w.owner })).jobId;
  // a finished creation of the owner, with a count left for a regeneration
  const creation = async (w: World) => {
    await w.m.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: w.owner.userId }, currency: 'CAC', amount: 2, kind: 'bonus' }));
    const key = `access_${Math.random().toString(36).slice(2, 12)}`;
    const { id } = await w.m.ok(calls.creation.create, { workflow: 'text2Img', description: 'a fox', style: 'anime', ratio: '1:1', key }, { as: w.owner });
    await eventually(
      () => w.m.ok(calls.creation.get, { id }, { as: w.owner }),
      (c) => c.state !== 'generating',
      50,
    );
    return id;
  };
  // a finished daily task of the owner, published at once, starring their published agent; each waits for the owner's
  // task before (one generates at a time), and the owner's earlier tasks move to a past day (the allowance is three a day)
  const dailyTask = async (w: World) => {
    await eventually(
      () => w.m.ok(calls.dailyTasks.overview, {}, { as: w.owner }),
      (o) => o.generating === null,
      50,
    );
    await w.m.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: w.owner.userId }, currency: 'CAC', amount: 4, kind: 'bonus' }));
    const star = await buildAgent(w.m, { owner: w.owner });
    await w.m.starlit.database.db.update(dailyTasks).set({ day: '2000-01-01' }).where(eq(dailyTasks.ownerId, w.owner.userId));
    const key = `access_${Math.random().toString(36).slice(2, 12)}`;
    const input = { type: 'text_to_image', description: 'a fox', introduction: 'in the snow', agentId: star.id, style: 'anime', publishType: 'immediate', key } as const;
    const { id } = await w.m.ok(calls.dailyTasks.create, input, { as: w.owner });
    await eventually(
      () => w.m.ok(calls.dailyTasks.get, { id }, { as: w.owner }),
      (c) => c.state !== 'generating',
      50,
    );
    return id;
  };
  const clone = async (w: World) => (await buildVoice(w.m, { name: 'Mine', owner: w.owner })).id;
  const systemNotice = async (w: World) => (await buildSystemNotice(w.m, { recipient: w.owner })).id;
  const interactNotice = async (w: World) => (await buildInteractNotice(w.m, w.owner)).id;
  const work = async (w: World) => (await buildWork(w.m, w.owner, { isPublic: false, published: false })).id;
  // a comment of the owner on their work, made while it was public, then the work made private
  const comment = async (w: World) => {
    const shared = await buildWork(w.m, w.owner);
    const made = await w.m.ok(calls.comments.create, { workId: shared.id, text: 'Mine' }, { as: w.owner });
    await w.m.ok(calls.works.update, { id: shared.id, name: shared.name, category: 'Image', publisher: w.owner.userName, isPublic: false }, { as: w.owner });
    return made.id;
  };
  // a live show of the owner's published agent: shows are public, changing one is the owner's alone
  const liveSettings = { title: 'Show', cover: null, sceneId: 'stage', greeting: '', chatPolicy: 'everyone', slowModeSeconds: 0 };
  const show = async (w: World) => {
    const live = await buildAgent(w.m, { owner: w.owner });
    const dance = await danceWork(w.m, w.owner);
    return (await w.m.ok(calls.live.start, { ...liveSettings, agentId: live.id, playlist: [{ kind: 'work', id: dance.id }] } as never, { as: w.owner })).id;
  };
  const everyone = { anonymous: 0, owner: 0, other: 0, admin: 0 };
  const hiddenFromOthers = { anonymous: 4001, owner: 0, other: 4001, admin: 4001 };
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();

  const matrix: Record<string, Row> = {
    '/ai/api/v1/agent/card/export': { body: async (w) => ({ agentId: await agent(w), format: 'json' }), expect: mine() },
    '/ai/api/v1/agent/card/fields': { body: async (w) => ({ agentId: await agent(w) }), expect: mine() },
    '/ai/api/v1/agent/card/set_fields': { body: async (w) => ({ agentId: await agent(w), personality: 'Calm.', scenario: '', alternateGreetings: [], lorebook: [] }), expect: mine() },
    '/ai/api/v1/agent/update': { body: async (w) => ({ id: await agent(w), nickname: 'Renamed' }), expect: mine() },
    '/ai/api/v1/agent/get': { body: async (w) => ({ id: await agent(w) }), expect: { anonymous: 6001, owner: 0, other: 6001, admin: 6001 } },
    // buying a skill is the owner's alone; a new owner has no diamonds, so theirs is "Insufficient Diamond"
    '/api/v1/agent/buy_skill': { body: async (w) => ({ id: await agent(w), skill: 'TextToImage', key: `access_${Math.random().toString(36).slice(2, 12)}` }), expect: mine(8002) },
    // an own clone is not for sale; others do not see it
    '/api/v1/voice/buy': {
      body: async (w) => ({ voiceId: await clone(w), key: `access_${Math.random().toString(36).slice(2, 12)}` }),
      expect: { anonymous: 401, owner: 8454, other: 6101, admin: 6101 },
    },
    '/ai/api/v1/agent/set_voices': { body: async (w) => ({ id: await agent(w), voices: [] }), expect: mine() },
    '/ai/api/v1/agent/set_skills': { body: async (w) => ({ id: await agent(w), skills: ['TextToImage'] }), expect: mine() },
    '/ai/api/v1/agent/set_tags': { body: async (w) => ({ id: await agent(w), tags: ['quiet'] }), expect: mine() },
    // the owner's draft has no voice yet: the owner is told so, others are refused first
    '/ai/api/v1/agent/audition': { body: async (w) => ({ id: await agent(w) }), expect: mine(6006) },
    '/ai/api/v1/agent/publish': { body: async (w) => ({ id: await agent(w) }), expect: mine(6002) },
    '/ai/api/v1/agent/unpublish': { body: async (w) => ({ id: await agent(w) }), expect: mine() },
    '/ai/api/v1/agent/delete': { body: async (w) => ({ ids: [await agent(w)] }), expect: mine() },
    '/ai/api/v1/avatar/generate_2d': { body: async (w) => ({ agentId: await agent(w), name: 'Hidden', description: 'a fox', style: 'anime' }), expect: mine() },
    '/ai/api/v1/avatar/job_status': { body: async (w) => ({ jobId: await job(w) }), expect: mine() },
    // a job that has not failed cannot be retried: the owner hears that, others are refused first
    '/ai/api/v1/avatar/retry': { body: async (w) => ({ jobId: await job(w) }), expect: mine(6210) },
    '/ai/api/v1/avatar/upload_2d': { body: async (w) => ({ agentId: await agent(w), image: (await png()).toString('base64') }), expect: mine() },
    '/ai/api/v1/avatar/upload_3d': { body: async (w) => ({ agentId: await agent(w), vrm: buildDefaultVrm().toString('base64') }), expect: mine() },
    '/ai/api/v1/avatar/use_default_3d': { body: async (w) => ({ agentId: await agent(w), modelId: 'starlit-basic' }), expect: mine() },
    '/ai/api/v1/avatar/set_kind': { body: async (w) => ({ agentId: await agent(w), kind: '2d' }), expect: mine(6212) },
    '/ai/api/v1/avatar/get': { body: async (w) => ({ agentId: await agent(w) }), expect: mine() },
    // creating with an agent needs the agent to be the caller's own; the owner's new agent has no working skill yet (5120)
    '/ai/api/v1/creation/create': {
      body: async (w) => {
        await w.m.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: w.owner.userId }, currency: 'CAC', amount: 1, kind: 'bonus' }));
        return { workflow: 'text2Img', description: 'a fox', style: 'anime', ratio: '1:1', agentId: await agent(w), key: `access_${Math.random().toString(36).slice(2, 12)}` };
      },
      expect: mine(5120),
    },
    // another person's private agent cannot star a task; the owner's own draft can
    '/ai/api/v1/daily_task/create': {
      body: async (w) => {
        await w.m.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: w.owner.userId }, currency: 'CAC', amount: 1, kind: 'bonus' }));
        return {
          type: 'text_to_image',
          description: 'a fox',
          introduction: 'in the snow',
          agentId: await agent(w),
          style: 'anime',
          publishType: 'immediate',
          key: `access_${Math.random().toString(36).slice(2, 12)}`,
        };
      },
      expect: mine(0, 6001),
    },
    '/ai/api/v1/daily_task/get': { body: async (w) => ({ id: await dailyTask(w) }), expect: mine() },
    // a finished, published task: the owner hears why not, others are refused first
    '/ai/api/v1/daily_task/cancel': { body: async (w) => ({ id: await dailyTask(w) }), expect: mine(9013) },
    '/ai/api/v1/daily_task/retry': { body: async (w) => ({ id: await dailyTask(w), key: `access_${Math.random().toString(36).slice(2, 12)}` }), expect: mine(9020) },
    '/ai/api/v1/daily_task/publish': { body: async (w) => ({ id: await dailyTask(w) }), expect: mine(9015) },
    '/ai/api/v1/daily_task/unschedule': { body: async (w) => ({ id: await dailyTask(w) }), expect: mine(9014) },
    '/ai/api/v1/live/options': { body: async (w) => ({ agentId: await agent(w) }), expect: mine() },
    // the owner's draft cannot go live; an agent is changed by its owner only
    '/ai/api/v1/live/start': { body: async (w) => ({ ...liveSettings, agentId: await agent(w), playlist: [] }), expect: mine(9504) },
    '/ai/api/v1/live/of_agent': { body: async (w) => ({ agentId: await agent(w) }), expect: { anonymous: 6001, owner: 0, other: 6001, admin: 6001 } },
    '/ai/api/v1/live/get': { body: async (w) => ({ showId: await show(w) }), expect: everyone },
    '/ai/api/v1/live/events': { body: async (w) => ({ showId: await show(w), after: 0 }), expect: everyone },
    '/ai/api/v1/live/update': { body: async (w) => ({ ...liveSettings, showId: await show(w) }), expect: mine() },
    '/ai/api/v1/live/end': { body: async (w) => ({ showId: await show(w) }), expect: mine() },
    '/ai/api/v1/live/moderate': { body: async (w) => ({ showId: await show(w), action: 'mute', userId: w.other.userId }), expect: mine() },
    '/ai/api/v1/live/chat': { body: async (w) => ({ showId: await show(w), text: 'hi', clientId: liveKey() }), expect: mine(0, 0) },
    // no gift is on sale here: the owner is refused first (their own agent), others find no such gift
    '/ai/api/v1/live/gift': { body: async (w) => ({ showId: await show(w), giftKey: 'heart', key: liveKey() }), expect: mine(8606, 8604) },
    '/ai/api/v1/daily_task/reschedule': { body: async (w) => ({ id: await dailyTask(w), publishAt: new Date(Date.now() + 3_600_000).toISOString() }), expect: mine(9014) },
    '/ai/api/v1/creation/get': { body: async (w) => ({ id: await creation(w) }), expect: mine() },
    '/ai/api/v1/creation/download': { body: async (w) => ({ id: await creation(w) }), expect: mine() },
    // a finished creation cannot be cancelled: the owner hears that, others are refused first
    '/ai/api/v1/creation/cancel': { body: async (w) => ({ id: await creation(w) }), expect: mine(5106) },
    '/ai/api/v1/creation/retry': { body: async (w) => ({ id: await creation(w), key: `access_${Math.random().toString(36).slice(2, 12)}` }), expect: mine() },
    // a finished creation of the owner becomes their work; others are refused before anything is made
    '/ai/api/v1/creation/publish': { body: async (w) => ({ id: await creation(w), name: 'Mine' }), expect: mine() },
    // a visitor is told the prices only (no fee is looked up); signed in, the fee of a work the caller does not see is not found
    '/ai/api/v1/creation/estimate': {
      body: async (w) => {
        const published = await w.m.ok(calls.creation.publish, { id: await creation(w), name: 'Private', isPublic: false }, { as: w.owner });
        return { workflow: 'text2Img', workId: published.workId };
      },
      expect: { anonymous: 0, owner: 0, other: 4001, admin: 4001 },
    },
    // the same style of a private work: its author may, others do not find it
    '/ai/api/v1/creation/same_style': {
      body: async (w) => {
        const published = await w.m.ok(calls.creation.publish, { id: await creation(w), name: 'Private', isPublic: false }, { as: w.owner });
        return { workId: published.workId, description: 'the same, again', key: `access_${Math.random().toString(36).slice(2, 12)}` };
      },
      expect: mine(0, 4001),
    },
    '/ai/api/v1/chat/open': { body: async (w) => ({ agentId: await agent(w) }), expect: mine(0, 6001) },
    // a filter of the caller's own history: someone else's agent just lists nothing
    '/ai/api/v1/chat/history': { body: async (w) => ({ agentId: await agent(w) }), expect: mine(0, 0) },
    '/ai/api/v1/chat/messages': { body: async (w) => ({ conversationId: (await conversation(w)).id }), expect: mine() },
    '/ai/api/v1/chat/select': {
      body: async (w) => {
        const c = await conversation(w);
        return { conversationId: c.id, messageId: c.messages[0].id };
      },
      expect: mine(),
    },
    '/ai/api/v1/chat/delete': { body: async (w) => ({ conversationIds: [(await conversation(w)).id] }), expect: mine() },
    // the agent has no voice: the owner is told so, others are refused first
    '/ai/api/v1/chat/voice': { body: async (w) => ({ messageId: (await conversation(w)).messages[0].id, regenerate: false }), expect: mine(7009) },
    '/ai/api/v1/chat/memories': { body: async (w) => ({ conversationId: (await conversation(w)).id }), expect: mine() },
    '/ai/api/v1/chat/memory/add': { body: async (w) => ({ conversationId: (await conversation(w)).id, content: 'Likes rain', pinned: true }), expect: mine() },
    '/ai/api/v1/chat/memory/update': { body: async (w) => ({ id: await memory(w), pinned: true }), expect: mine() },
    '/ai/api/v1/chat/memory/delete': { body: async (w) => ({ id: await memory(w) }), expect: mine() },
    '/ai/api/v1/agent/identity/create': { body: async (w) => ({ name: 'Me', gender: 'Unknown', isGlobal: false, agentId: await agent(w) }), expect: mine(0, 6001) },
    '/ai/api/v1/agent/identity/update': { body: async (w) => ({ id: await identity(w), name: 'Me again', gender: 'Male', isGlobal: true }), expect: mine() },
    '/ai/api/v1/agent/identity/delete': { body: async (w) => ({ id: await identity(w) }), expect: mine() },
    // notices are private to their recipient: someone else's is "not found" (decision 0007)
    '/ai/api/v1/message/notice/get_system_notice_detail': { body: async (w) => ({ id: await systemNotice(w) }), expect: mine(0, 3001) },
    '/ai/api/v1/message/notice/system_notice_read': { body: async (w) => ({ id: await systemNotice(w) }), expect: mine(0, 3001) },
    '/ai/api/v1/message/notice/get_interact_notice_detail': { body: async (w) => ({ id: await interactNotice(w) }), expect: mine(0, 3001) },
    '/ai/api/v1/message/notice/interact_notice_read': { body: async (w) => ({ id: await interactNotice(w) }), expect: mine(0, 3001) },
    '/ai/api/v1/message/notice/create_user_system_notice': { body: async (w) => ({ userId: w.owner.userId, title: 'Hi', content: 'Only you' }), expect: adminOnly },
    '/ai/api/v1/message/notice/create_interact_notice': { body: async (w) => ({ userId: w.owner.userId, kind: 'other', title: 'Hi', content: 'Only you' }), expect: adminOnly },
    // a clone is a person's own voice: to anyone else reading it, it does not exist
    '/ai/api/v1/voice/detail': { body: async (w) => ({ id: await clone(w) }), expect: { anonymous: 6101, owner: 0, other: 6101, admin: 6101 } },
    '/ai/api/v1/voice/delete': { body: async (w) => ({ id: await clone(w) }), expect: mine() },
    '/ai/api/v1/voice/preview': { body: async (w) => ({ voiceId: await clone(w), pitch: 0, volume: 1, speed: 1 }), expect: mine(0, 6101) },
    // people are public: anyone signed in may follow or block the owner, the owner not themself
    '/ai/api/v1/social/follow': { body: async (w) => ({ userId: w.owner.userId }), expect: mine(4302, 0) },
    '/ai/api/v1/social/unfollow': { body: async (w) => ({ userId: w.owner.userId }), expect: mine(4302, 0) },
    '/ai/api/v1/social/block': { body: async (w) => ({ userId: w.owner.userId }), expect: mine(4302, 0) },
    '/ai/api/v1/social/unblock': { body: async (w) => ({ userId: w.owner.userId }), expect: mine(4302, 0) },
    '/ai/api/v1/social/followers': { body: async (w) => ({ userId: w.owner.userId }), expect: { anonymous: 0, owner: 0, other: 0, admin: 0 } },
    '/ai/api/v1/social/followings': { body: async (w) => ({ userId: w.owner.userId }), expect: { anonymous: 0, owner: 0, other: 0, admin: 0 } },
    // profiles are public; what they list is filtered by the user's privacy and blocks
    '/ai/api/v1/user/profile': { body: async (w) => ({ userId: w.owner.userId }), expect: { anonymous: 0, owner: 0, other: 0, admin: 0 } },
    '/ai/api/v1/user/works': { body: async (w) => ({ userId: w.owner.userId, section: 'works' }), expect: { anonymous: 0, owner: 0, other: 0, admin: 0 } },
    '/ai/api/v1/user/agents': { body: async (w) => ({ userId: w.owner.userId }), expect: { anonymous: 0, owner: 0, other: 0, admin: 0 } },
    '/ai/api/v1/social/relation': { body: async (w) => ({ userId: w.owner.userId }), expect: { anonymous: 0, owner: 0, other: 0, admin: 0 } },
    // a hidden agent cannot be followed by others; its owner may not follow their own
    '/ai/api/v1/social/follow_agent': { body: async (w) => ({ agentId: await agent(w) }), expect: mine(4302, 6001) },
    // unfollowing needs no sight of the agent, so a follow of one hidden since can be undone
    '/ai/api/v1/social/unfollow_agent': { body: async (w) => ({ agentId: await agent(w) }), expect: mine(0, 0) },
    '/ai/api/v1/social/agent_relation': { body: async (w) => ({ agentId: await agent(w) }), expect: { anonymous: 6001, owner: 0, other: 6001, admin: 6001 } },
    // a private agent takes gifts from no one: others do not see it, and its owner may not gift it
    '/api/v1/gifts/send': { body: async (w) => ({ agentId: await agent(w), giftKey: 'heart', key: 'access-gift-key' }), expect: mine(8606, 6001) },
    '/api/v1/gifts/wall': { body: async (w) => ({ agentId: await agent(w) }), expect: { anonymous: 6001, owner: 0, other: 6001, admin: 6001 } },
    '/api/v1/gifts/leaderboard': { body: async (w) => ({ agentId: await agent(w) }), expect: { anonymous: 6001, owner: 0, other: 6001, admin: 6001 } },
    // a post needs no upload, so every caller can try to name the owner's hidden agent on one
    '/ai/api/v1/work/create': { body: async (w) => ({ name: 'Post', category: 'Living', description: 'Hello', agentId: await agent(w) }), expect: mine(0, 6001) },
    // a private work is answered as if it did not exist to anyone but its author (decision 0014)
    '/ai/api/v1/work/get': { body: async (w) => ({ id: await work(w) }), expect: { anonymous: 4001, owner: 0, other: 4001, admin: 4001 } },
    '/ai/api/v1/work/update': { body: async (w) => ({ id: await work(w), name: 'Renamed', category: 'Image', publisher: 'Me' }), expect: mine() },
    '/ai/api/v1/work/publish': { body: async (w) => ({ id: await work(w) }), expect: mine() },
    '/ai/api/v1/work/unpublish': { body: async (w) => ({ id: await work(w) }), expect: mine() },
    '/ai/api/v1/work/delete': { body: async (w) => ({ id: await work(w) }), expect: mine() },
    // reacting needs seeing: someone else's private draft does not exist for them
    '/ai/api/v1/work/like': { body: async (w) => ({ id: await work(w) }), expect: mine(0, 4001) },
    '/ai/api/v1/work/unlike': { body: async (w) => ({ id: await work(w) }), expect: mine(0, 4001) },
    '/ai/api/v1/work/collect': { body: async (w) => ({ id: await work(w) }), expect: mine(0, 4001) },
    '/ai/api/v1/work/uncollect': { body: async (w) => ({ id: await work(w) }), expect: mine(0, 4001) },
    // a public list: the owner's likes of their private draft are left out for everyone else
    '/ai/api/v1/work/liked_by': {
      body: async (w) => {
        const id = await work(w);
        await w.m.ok(calls.works.like, { id }, { as: w.owner });
        return { userId: w.owner.userId };
      },
      expect: { anonymous: 0, owner: 0, other: 0, admin: 0 },
    },
    // private works take no comments, from their author neither (SPEC §3); to others they do not exist
    '/ai/api/v1/comment/create': { body: async (w) => ({ workId: await work(w), text: 'Hi' }), expect: mine(4103, 4001) },
    '/ai/api/v1/comment/list': { body: async (w) => ({ workId: await work(w) }), expect: hiddenFromOthers },
    '/ai/api/v1/comment/replies': { body: async (w) => ({ rootId: await comment(w) }), expect: hiddenFromOthers },
    // every refused delete is SPEC §8's "Comment delete failed"
    '/ai/api/v1/comment/delete': { body: async (w) => ({ id: await comment(w) }), expect: mine(0, 4102) },
    '/ai/api/v1/comment/like': { body: async (w) => ({ id: await comment(w) }), expect: mine(0, 4001) },
    '/ai/api/v1/comment/unlike': { body: async (w) => ({ id: await comment(w) }), expect: mine(0, 4001) },
    // a work only its author sees cannot be reported by anyone else; its author cannot report it
    '/ai/api/v1/report/submit': { body: async (w) => ({ workId: await work(w), type: 'spam', description: 'Spam' }), expect: { anonymous: 401, owner: 4505, other: 4001, admin: 4001 } },
    // packages are on sale to anyone signed in
    '/api/v1/recharge/create': {
      body: async () => ({ packageId: 'p60', agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: `access_${Math.random().toString(36).slice(2, 12)}` }),
      expect: { anonymous: 401, owner: 0, other: 0, admin: 0 },
    },
    // a recharge order is its buyer's alone (the demo provider pays it at once)
    '/api/v1/recharge/order': {
      body: async (w) => ({
        orderId: (
          await w.m.ok(
            calls.recharge.create,
            { packageId: 'p60', agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: `access_${Math.random().toString(36).slice(2, 12)}` },
            { as: w.owner },
          )
        ).order.orderId,
      }),
      expect: { anonymous: 401, owner: 0, other: 8055, admin: 8055 },
    },
    // store items are for sale to anyone signed in; a cart is its person's own, so another's call touches only theirs
    '/api/v1/store/cart_add': { body: async (w) => ({ itemId: (await buildStoreItem(w.m)).id }), expect: { anonymous: 401, owner: 0, other: 0, admin: 0 } },
    '/api/v1/store/cart_remove': { body: async (w) => ({ itemId: await cartedItem(w) }), expect: { anonymous: 401, owner: 0, other: 0, admin: 0 } },
    '/api/v1/store/cart_select': { body: async (w) => ({ itemId: await cartedItem(w), selected: false }), expect: { anonymous: 401, owner: 0, other: 0, admin: 0 } },
    // an item dearer than anyone here can have been given: every signed-in buyer reaches the ledger and is short
    '/api/v1/store/buy': {
      body: async (w) => ({ itemIds: [(await buildStoreItem(w.m, { price: 100_000_000 })).id], key: `access_${Math.random().toString(36).slice(2, 12)}` }),
      expect: { anonymous: 401, owner: 8001, other: 8001, admin: 8001 },
    },
    '/api/v1/store/set_price': { body: async (w) => ({ itemId: (await buildStoreItem(w.m)).id, price: 5, currency: 'JE' }), expect: adminOnly },
    // a person's records and balances are theirs; admins read and adjust anyone's in the economy console
    '/api/v1/records/user_list': { body: async (w) => ({ userId: w.owner.userId }), expect: adminOnly },
    '/api/v1/economy_admin/balances': { body: async (w) => ({ userId: w.owner.userId }), expect: adminOnly },
    '/api/v1/economy_admin/adjust': {
      body: async (w) => ({ userId: w.owner.userId, currency: 'JE', amount: 1, reason: 'access matrix', key: `access_${Math.random().toString(36).slice(2, 12)}` }),
      expect: adminOnly,
    },
    // the package as seeded (migration 0019): saving it changes nothing for the other tests
    '/api/v1/economy_admin/save_package': { body: async () => ({ packageId: 'p60', diamonds: 60, bonus: 0, priceMinor: 99, active: true }), expect: adminOnly },
    // an official voice of its own, so a price saved by the admin's turn touches no other test
    '/api/v1/economy_admin/save_voice': { body: async (w) => ({ voiceId: (await buildVoice(w.m, { priceDiamonds: 10 })).id, priceDiamonds: 15 }), expect: adminOnly },
    // moderation acts on any work, hidden or not, and only admins may
    '/ai/api/v1/moderation/detail': { body: async (w) => ({ workId: await work(w) }), expect: adminOnly },
    '/ai/api/v1/moderation/dismiss': { body: async (w) => ({ workId: await work(w) }), expect: adminOnly },
    '/ai/api/v1/moderation/hide': { body: async (w) => ({ workId: await work(w), reason: 'Spam' }), expect: adminOnly },
    '/ai/api/v1/moderation/unhide': { body: async (w) => ({ workId: await work(w) }), expect: adminOnly },
    '/ai/api/v1/moderation/strike': { body: async (w) => ({ workId: await work(w), reason: 'Spam' }), expect: adminOnly },
  };

  let w: World;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-access-'));
    // each row comments anew for every caller: more than a person's budget of a minute
    const m = await startTestServer({ DATA_DIR: dataDir, COMMENTS_PER_MINUTE: '1000' }, { speech: toneSpeech() });
    w = { m, owner: await buildUser(m), other: await buildUser(m), admin: await buildAdmin(m) };
  });
  afterAll(async () => {
    await w?.m.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('has a row for every call that takes an id, and only for those', () => {
    const paths = idCalls.map((c) => c.path);
    expect(
      paths.filter((p) => !(p in matrix)),
      'add these calls to the visibility matrix',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((p) => !paths.includes(p)),
      'these rows name no call that takes an id',
    ).toEqual([]);
  });

  it.each(idCalls.filter((c) => c.path in matrix).map((c) => [c.path] as const))('%s', async (callPath) => {
    const row = matrix[callPath];
    const callers: Record<Role, SignedIn | null> = { anonymous: null, other: w.other, admin: w.admin, owner: w.owner };
    const answers: Partial<Record<Role, number>> = {};
    // the owner goes last: their call may change or delete the thing
    for (const role of ['anonymous', 'other', 'admin', 'owner'] as const) {
      const res = await w.m.call(callPath, await row.body(w), { as: callers[role] });
      answers[role] = res.body.code;
      expect(res.status, `${role}: HTTP status of code ${res.body.code}`).toBe(res.body.code === 401 || res.body.code === 403 ? res.body.code : 200);
    }
    expect(answers).toEqual(row.expect);
  });
});
