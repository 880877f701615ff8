// Test data in one place: each builder makes one thing with sensible defaults, creating
// whatever it needs that was not given (an agent without an owner gets a new user).
import { calls, type CallInput, type CallOutput } from '@starlit/contract';
import sharp from 'sharp';
import { agents, agentVoices, chatIdentities, interactNotices, storeItems, systemNotices, voices } from '../src/db/schema/index.ts';
import type { SignedIn, TestServer } from './server.ts';

export type AgentRow = typeof agents.$inferSelect;
export type VoiceRow = typeof voices.$inferSelect;
export type Conversation = CallOutput<typeof calls.chat.open>;
export type Agent = CallOutput<typeof calls.agents.create>;

const espeak = { engine: 'espeak-ng' as const, voice: 'en-us', pitch: 50, speed: 175 };

/** A signed-in user through the real code exchange; a new one unless `name` names an existing one. */
export const buildUser = (t: TestServer, name?: string): Promise<SignedIn> => t.user(name);

/** The admin user (ADMIN_USERS of the test server), signed in. */
export const buildAdmin = (t: TestServer): Promise<SignedIn> => t.admin();

/**
 * An agent written straight to the database: published and public unless told otherwise
 * (publishing has its own tests). `owner` defaults to a new user.
 */
export async function buildAgent(t: TestServer, overrides: Partial<typeof agents.$inferInsert> & { owner?: SignedIn } = {}): Promise<AgentRow> {
  const { owner, ...fields } = overrides;
  const ownerId = fields.ownerId ?? (owner ?? (await buildUser(t))).userId;
  const [row] = await t.starlit.database.db
    .insert(agents)
    .values({
      nickname: 'Luna',
      roleSetting: 'You are Luna, a stargazer. You love the night sky and its stars.',
      roleIntro: 'A gentle stargazer who names every star.',
      opening: 'Hello, night traveller.',
      isPublic: true,
      publishedAt: new Date(),
      ...fields,
      ownerId,
    })
    .returning();
  return row;
}

/** A draft agent of `owner` made through the API, as the Create page starts one (only a name is needed). */
export async function buildDraftAgent(t: TestServer, owner: SignedIn, fields: Partial<CallInput<typeof calls.agents.create>> = {}): Promise<Agent> {
  return t.ok(calls.agents.create, { nickname: 'Luna', ...fields }, { as: owner });
}

/** A voice: official unless an owner is given (then a finished clone of theirs). */
export async function buildVoice(t: TestServer, overrides: Partial<typeof voices.$inferInsert> & { owner?: SignedIn } = {}): Promise<VoiceRow> {
  const { owner, ...fields } = overrides;
  const [row] = await t.starlit.database.db
    .insert(voices)
    .values({ name: 'Test voice', gender: 'Female', language: 'en', isOfficial: !owner, ownerId: owner?.userId ?? null, engineParams: espeak, ...fields })
    .returning();
  return row;
}

export type StoreItemRow = typeof storeItems.$inferSelect;

/** A store item, 100 diamonds unless told otherwise. */
export async function buildStoreItem(t: TestServer, overrides: Partial<typeof storeItems.$inferInsert> = {}): Promise<StoreItemRow> {
  const [row] = await t.starlit.database.db
    .insert(storeItems)
    .values({ category: 'Clothing', nameEn: 'Test item', nameZhTw: '測試商品', price: 100, currency: 'JE', cover: '/media/test/item.webp', ...overrides })
    .returning();
  return row;
}

/** Gives an agent a voice (a new official one unless given) with settings a slider can set (1.25 is its middle), so they survive a round trip. */
export async function giveAgentVoice(t: TestServer, agentId: string, voiceId?: string): Promise<void> {
  const voice = voiceId ?? (await buildVoice(t)).id;
  await t.starlit.database.db.insert(agentVoices).values({ agentId, voiceId: voice, position: 0, pitch: 2, volume: 1, speed: 1.25 });
}

/** A conversation of `user` (a new one by default) with `agentId` (a new published agent by default), opened through the API. */
export async function buildConversation(t: TestServer, overrides: { user?: SignedIn; agentId?: string } = {}): Promise<Conversation & { user: SignedIn }> {
  const user = overrides.user ?? (await buildUser(t));
  const agentId = overrides.agentId ?? (await buildAgent(t)).id;
  return { ...(await t.ok(calls.chat.open, { agentId }, { as: user })), user };
}

/** A chat identity of `user`, global unless an agent is given. */
export async function buildIdentity(t: TestServer, user: SignedIn, overrides: Partial<typeof chatIdentities.$inferInsert> = {}) {
  const [row] = await t.starlit.database.db
    .insert(chatIdentities)
    .values({ name: 'Mia', gender: 'Female', background: 'A violinist.', isGlobal: !overrides.agentId, ...overrides, userId: user.userId })
    .returning();
  return row;
}

/** A system notice: to everyone, or to `recipient` only. */
export async function buildSystemNotice(t: TestServer, overrides: Partial<typeof systemNotices.$inferInsert> & { recipient?: SignedIn } = {}) {
  const { recipient, ...fields } = overrides;
  const [row] = await t.starlit.database.db
    .insert(systemNotices)
    .values({ title: 'Maintenance', content: 'Back soon.', recipientId: recipient?.userId ?? null, ...fields })
    .returning();
  return row;
}

/** An interaction notice to `recipient`. */
export async function buildInteractNotice(t: TestServer, recipient: SignedIn, overrides: Partial<typeof interactNotices.$inferInsert> = {}) {
  const [row] = await t.starlit.database.db
    .insert(interactNotices)
    .values({ kind: 'like', title: 'A like', content: 'Someone liked your agent.', ...overrides, recipientId: recipient.userId })
    .returning();
  return row;
}

export type Work = CallOutput<typeof calls.works.create>;

/** A small picture made by sharp, as base64. */
export async function pictureBase64(): Promise<string> {
  return (
    await sharp({ create: { width: 16, height: 12, channels: 3, background: '#36c' } })
      .png()
      .toBuffer()
  ).toString('base64');
}

/**
 * A picture work of `owner` made through the calls (upload, create, and publish unless
 * `published: false`); public unless `isPublic: false`.
 */
export async function buildWork(t: TestServer, owner: SignedIn, options: { isPublic?: boolean; published?: boolean; name?: string } = {}): Promise<Work> {
  const upload = await t.ok(calls.works.upload, { kind: 'image', data: await pictureBase64() }, { as: owner });
  const work = await t.ok(calls.works.create, { name: options.name ?? 'Night sky', category: 'Image', mediaKey: upload.key, isPublic: options.isPublic ?? true }, { as: owner });
  if (options.published === false) return work;
  return t.ok(calls.works.publish, { id: work.id }, { as: owner });
}
