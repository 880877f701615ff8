import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema/index.ts';
import { buildConversation, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { send } from './chat.fixtures.ts';

// Replies a server was streaming when it died: the next server must not leave the
// conversation locked (7004) for the rest of the dead server's lease.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestServer;
let me: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  me = await buildUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** What a server that died mid-reply leaves: a question, a half reply still `streaming`, and its lease for `leaseSeconds` more. */
async function cutOffReply(leaseSeconds: number) {
  const conversation = await buildConversation(t, { user: me });
  const db = t.starlit.database.db;
  const [question] = await db.insert(chatMessages).values({ conversationId: conversation.id, parentId: conversation.messages[0].id, role: 'user', content: 'Tell me a story' }).returning();
  const [reply] = await db.insert(chatMessages).values({ conversationId: conversation.id, parentId: question.id, role: 'agent', content: 'Once upon a', status: 'streaming' }).returning();
  await db.execute(sql`update conversations set reply_lease_token = ${randomUUID()}, reply_lease_until = now() + make_interval(secs => ${leaseSeconds}) where id = ${conversation.id}`);
  return { conversationId: conversation.id, replyId: reply.id };
}

const statusOf = async (id: string) => (await t.starlit.database.db.select({ status: chatMessages.status, content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.id, id)))[0];

describe.runIf(!onPostgres)('after a restart on PGlite', () => {
  it('marks the cut-off reply interrupted and takes a send at once, although its lease had 30 s to run', async () => {
    const left = await cutOffReply(30);
    await t.restart();
    expect(await statusOf(left.replyId)).toEqual({ status: 'interrupted', content: 'Once upon a' });
    const next = await send(t, me, { conversationId: left.conversationId, content: 'Are you there?' });
    expect(next.done?.status).toBe('complete');
  });
});

describe.runIf(onPostgres)('after a restart on PostgreSQL', () => {
  it('recovers replies whose lease lapsed and leaves a live holder alone until its lease lapses', async () => {
    const lapsed = await cutOffReply(-1);
    // another instance, alive, is replying here
    const live = await cutOffReply(30);
    await t.restart();

    expect(await statusOf(lapsed.replyId)).toEqual({ status: 'interrupted', content: 'Once upon a' });
    expect((await send(t, me, { conversationId: lapsed.conversationId, content: 'Are you there?' })).done?.status).toBe('complete');

    expect((await statusOf(live.replyId)).status).toBe('streaming');
    expect((await send(t, me, { conversationId: live.conversationId, content: 'Hello?' })).body).toMatchObject({ code: 7004 });

    // the holder dies too: once its lease lapses, the next send takes over and ends its reply
    await t.starlit.database.db.execute(sql`update conversations set reply_lease_until = now() - interval '1 second' where id = ${live.conversationId}`);
    expect((await send(t, me, { conversationId: live.conversationId, content: 'Hello now?' })).done?.status).toBe('complete');
    expect(await statusOf(live.replyId)).toEqual({ status: 'interrupted', content: 'Once upon a' });
  });
});
