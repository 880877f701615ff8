import { calls } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { jobs } from '../../db/schema/index.ts';
import { detailOf, messagesOf, open, send, stream } from './chat.fixtures.ts';

// Memories: written by the user, and summarized every MEMORY_EVERY_TURNS turns by a job.
describe('memories with the offline engine', () => {
  let t: TestServer;
  let me: SignedIn;
  let agentId: string;
  beforeAll(async () => {
    // these tests send far more than a person would in a minute; the limit has its own test (chat-replies.test.ts)
    t = await startTestServer({ CHAT_SENDS_PER_MINUTE: '1000' });
    me = await buildUser(t);
    agentId = (await buildAgent(t)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('summarizes every six turns into memories in a background job, once per turn span', async () => {
    const chat = await open(t, me, agentId);
    const memoriesOf = async () => (await t.ok(calls.chat.memories, { conversationId: chat.id }, { as: me })).items;
    const lines = ['Hi, my name is Mia.', 'I love your songs.', 'I play the violin.', 'What are you doing?', 'Tell me a story.', 'Good night.'];
    for (const content of lines) expect((await send(t, me, { conversationId: chat.id, content })).done?.status).toBe('complete');
    const summaryJobs = async () =>
      (await t.starlit.database.db.select().from(jobs).where(eq(jobs.kind, 'chat.memories'))).filter((j) => (j.payload as { conversationId: string }).conversationId === chat.id);
    // one job per complete reply; the sixth one's summary lands after its stream ended
    for (let i = 0; i < 200 && (await summaryJobs()).some((j) => j.status !== 'done'); i++) await new Promise((r) => setTimeout(r, 25));
    expect((await summaryJobs()).map((j) => j.status)).toEqual(Array(6).fill('done'));
    const summaries = (await memoriesOf()).filter((m) => m.source === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.map((m) => m.content).join(' ')).toContain('Mia');
    // a seventh turn is not enough for another summary
    await send(t, me, { conversationId: chat.id, content: 'One more thing.' });
    for (let i = 0; i < 200 && (await summaryJobs()).some((j) => j.status !== 'done'); i++) await new Promise((r) => setTimeout(r, 25));
    expect((await memoriesOf()).filter((m) => m.source === 'summary')).toHaveLength(summaries.length);
  });

  it('keeps memories the user can add, pin, edit and delete, and summarizes every six turns', async () => {
    const chat = await open(t, me, agentId);
    const added = await t.call(calls.chat.memoryAdd, { conversationId: chat.id, content: 'Prefers short answers' }, { as: me });
    expect(added.body.data).toMatchObject({ pinned: true, source: 'user' });
    const unpinned = await t.call(calls.chat.memoryUpdate, { id: added.body.data.id, pinned: false }, { as: me });
    expect(unpinned.body.data).toMatchObject({ pinned: false, content: 'Prefers short answers' });
    const edited = await t.call(calls.chat.memoryUpdate, { id: added.body.data.id, content: 'Prefers long answers' }, { as: me });
    expect(edited.body.data).toMatchObject({ pinned: false, content: 'Prefers long answers' });
    expect((await t.call(calls.chat.memoryUpdate, { id: added.body.data.id, content: 'x'.repeat(501) }, { as: me })).body.code).toBe(1001);

    for (let turn = 1; turn <= 6; turn++) {
      const said = turn === 3 ? 'My name is Mia and I play the violin.' : `Question number ${turn} about stars`;
      expect((await send(t, me, { conversationId: chat.id, content: said })).done?.status).toBe('complete');
    }
    const memories = await t.call(calls.chat.memories, { conversationId: chat.id }, { as: me });
    expect(memories.body.data.everyTurns).toBe(6);
    const summaries = memories.body.data.items.filter((m) => m.source === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.every((m) => !m.pinned)).toBe(true);
    // another version of the sixth reply does not summarize the same turns again
    const leaf = (await detailOf(t, me, chat.id)).leafId!;
    expect((await stream(t, me, 'regenerate', { conversationId: chat.id, messageId: leaf })).done?.status).toBe('complete');
    const after = await t.call(calls.chat.memories, { conversationId: chat.id }, { as: me });
    expect(after.body.data.items.filter((m) => m.source === 'summary')).toHaveLength(summaries.length);
    // nor does editing the sixth question: the five turns before it were summarized on this branch too
    const sixth = (await messagesOf(t, me, chat.id)).filter((m) => m.role === 'user').at(-1)!;
    expect((await send(t, me, { conversationId: chat.id, content: 'My cat is called Pixel.', parentId: sixth.parentId })).done?.status).toBe('complete');
    const afterEdit = await t.call(calls.chat.memories, { conversationId: chat.id }, { as: me });
    expect(afterEdit.body.data.items.filter((m) => m.source === 'summary')).toHaveLength(summaries.length);

    expect((await t.call(calls.chat.memoryDelete, { id: added.body.data.id }, { as: me })).body.data).toEqual({ deleted: true });
    expect((await t.call(calls.chat.memoryDelete, { id: added.body.data.id }, { as: me })).body).toMatchObject({ code: 7010 });
  });
});
