import { calls, ErrorCode, type LiveEvent } from '@starlit/contract';
import { DEMO_GIFTS } from '../../seed/demo-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildUser } from '../../../test/factories.ts';
import { balances, grant } from '../../../test/job-beds.ts';
import { listen, liveKey, liveOwner, openShow, startShow } from '../../../test/live.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { and, eq, sql } from 'drizzle-orm';
import { gifts, jobs } from '../../db/schema/index.ts';

const c = calls.live;
let t: TestServer;
let address: string;
beforeAll(async () => {
  t = await startTestServer();
  address = await listen(t);
  await t.starlit.database.db.insert(gifts).values(DEMO_GIFTS.map((g, sort) => ({ key: g.key, priceKind: g.priceKind, price: g.price, freeUntil: null, sort })));
});
afterAll(async () => {
  await t?.close();
});

const say = (as: SignedIn, showId: string, text: string, clientId = liveKey()) => t.call(c.chat, { showId, text, clientId }, { as });
const agentLines = (events: LiveEvent[]) => events.filter((e): e is Extract<LiveEvent, { kind: 'agent' }> => e.kind === 'agent');

describe('chat in a show', () => {
  it('reaches every viewer in order, once, and a retry answers the same message', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const anon = await openShow(address, show.id);
    const seenByB = await openShow(address, show.id, { as: b });
    const clientId = liveKey();
    const first = await say(a, show.id, '  hello <b>stage</b>  ', clientId);
    expect(first.body.data).toMatchObject({ event: { kind: 'chat', text: 'hello <b>stage</b>', user: { userId: a.userId }, deleted: false } });
    const retried = await say(a, show.id, 'hello <b>stage</b>', clientId);
    expect(retried.body.data).toEqual(first.body.data);
    for (let i = 0; i < 5; i++) await say(b, show.id, `line ${i}`);
    for (const stream of [anon, seenByB]) {
      const got = await stream.until((es) => es.filter((e) => e.kind === 'chat').length >= 6);
      const chats = got.filter((e) => e.kind === 'chat');
      expect(chats.map((e) => (e.kind === 'chat' ? e.text : ''))).toEqual(['hello <b>stage</b>', 'line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
      const seqs = got.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    expect(anon.frames()[0]).toMatchObject({ event: 'hello' });
    await anon.close();
    await seenByB.close();
    expect((await t.ok(c.get, { showId: show.id })).lastSeq).toBeGreaterThanOrEqual(6);
  });

  it('a viewer who reconnects at their last number gets exactly what they missed', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const fan = await buildUser(t);
    const first = await openShow(address, show.id, { as: fan });
    await say(fan, show.id, 'before');
    const before = await first.until((es) => es.some((e) => e.kind === 'chat'));
    const last = before[before.length - 1].seq;
    await first.close();
    for (let i = 0; i < 4; i++) await say(o.owner, show.id, `while away ${i}`);
    const again = await openShow(address, show.id, { as: fan, after: last });
    const caught = await again.until((es) => es.filter((e) => e.kind === 'chat').length >= 4);
    expect(caught.filter((e) => e.kind === 'chat').map((e) => (e.kind === 'chat' ? e.text : ''))).toEqual(['while away 0', 'while away 1', 'while away 2', 'while away 3']);
    expect(caught.every((e) => e.seq > last)).toBe(true);
    await again.close();
  });

  it('refuses by the show’s rules: sign-in, chat closed, followers only, slow mode', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o, { chatPolicy: 'followers', slowModeSeconds: 30 });
    const fan = await buildUser(t);
    expect((await t.call(c.chat, { showId: show.id, text: 'hi', clientId: liveKey() })).status).toBe(401);
    expect((await say(fan, show.id, 'hi')).body.code).toBe(ErrorCode.LIVE_CHAT_FOLLOWERS);
    expect((await t.ok(c.get, { showId: show.id }, { as: fan })).me.chatRefusal).toBe(ErrorCode.LIVE_CHAT_FOLLOWERS);
    await t.ok(calls.social.followAgent, { agentId: o.agent.id }, { as: fan });
    expect((await say(fan, show.id, 'first')).body.code).toBe(0);
    const slow = await say(fan, show.id, 'second', liveKey());
    expect(slow.body).toMatchObject({ code: ErrorCode.LIVE_SLOW_MODE, message: 'Slow mode is on, please wait a moment before sending again' });
    // the owner is never slowed down
    expect((await say(o.owner, show.id, 'one')).body.code).toBe(0);
    expect((await say(o.owner, show.id, 'two')).body.code).toBe(0);
    await t.ok(c.update, { showId: show.id, title: 'Show', greeting: '', chatPolicy: 'nobody', slowModeSeconds: 0 }, { as: o.owner });
    expect((await say(fan, show.id, 'hello?')).body.code).toBe(ErrorCode.LIVE_CHAT_CLOSED);
    expect((await say(fan, show.id, ' ')).body.code).toBe(ErrorCode.VALIDATION);
    expect((await say(fan, show.id, 'x'.repeat(201))).body.code).toBe(ErrorCode.VALIDATION);
    await t.ok(c.end, { showId: show.id }, { as: o.owner });
    expect((await say(o.owner, show.id, 'after')).body.code).toBe(ErrorCode.LIVE_ENDED);
  });
});

describe('moderation', () => {
  it('deletes a message for everyone, mutes and removes a viewer, whose stream ends', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const [rude, other] = [await buildUser(t), await buildUser(t)];
    const watching = await openShow(address, show.id, { as: rude });
    const said = (await say(rude, show.id, 'something rude')).body.data as { event: LiveEvent };
    expect((await t.call(c.moderate, { showId: show.id, action: 'delete', seq: said.event.seq }, { as: other })).body.code).toBe(ErrorCode.FORBIDDEN);
    await t.ok(c.moderate, { showId: show.id, action: 'delete', seq: said.event.seq }, { as: o.owner });
    const history = (await t.ok(c.events, { showId: show.id, after: 0 })).items;
    expect(history.find((e) => e.seq === said.event.seq)).toMatchObject({ kind: 'chat', text: '', deleted: true });
    expect((await t.call(c.moderate, { showId: show.id, action: 'delete', seq: said.event.seq }, { as: o.owner })).body.code).toBe(ErrorCode.LIVE_MESSAGE_NOT_FOUND);
    await t.ok(c.moderate, { showId: show.id, action: 'mute', userId: rude.userId }, { as: o.owner });
    expect((await say(rude, show.id, 'again')).body.code).toBe(ErrorCode.LIVE_MUTED);
    expect((await t.ok(c.get, { showId: show.id }, { as: rude })).me).toMatchObject({ muted: true, chatRefusal: ErrorCode.LIVE_MUTED });
    await t.ok(c.moderate, { showId: show.id, action: 'unmute', userId: rude.userId }, { as: o.owner });
    expect((await say(rude, show.id, 'sorry')).body.code).toBe(0);
    expect((await t.call(c.moderate, { showId: show.id, action: 'mute', userId: o.owner.userId }, { as: o.owner })).body.code).toBe(ErrorCode.LIVE_MODERATE_SELF);
    expect((await t.call(c.moderate, { showId: show.id, action: 'mute' }, { as: o.owner })).body.code).toBe(ErrorCode.LIVE_VIEWER_REQUIRED);
    await t.ok(c.moderate, { showId: show.id, action: 'remove', userId: rude.userId }, { as: o.owner });
    await eventually(
      async () => watching.ended(),
      (done) => done,
    );
    expect(watching.events().some((e) => e.kind === 'moderation' && e.action === 'delete' && e.targetSeq === said.event.seq)).toBe(true);
    const back = await openShow(address, show.id, { as: rude });
    expect(back).toMatchObject({ status: 403, body: { code: ErrorCode.LIVE_REMOVED } });
    expect((await say(rude, show.id, 'let me back')).body.code).toBe(ErrorCode.LIVE_REMOVED);
  });
});

describe('gifts on stage', () => {
  it('are paid as gifts, seen by everyone with the leaderboard, thanked by name, and counted in the summary', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const fan = await buildUser(t, 'Marisol');
    await grant(t, fan, 'JE', 200);
    const viewer = await openShow(address, show.id);
    const key = liveKey();
    const sent = await t.ok(c.gift, { showId: show.id, giftKey: 'rose', count: 2, cost: { currency: 'JE', amount: 52 }, key }, { as: fan });
    expect(sent.event).toMatchObject({ kind: 'gift', giftKey: 'rose', count: 2, user: { userId: fan.userId }, board: [{ user: { userId: fan.userId }, diamonds: 104, gifts: 2 }] });
    // a retry pays nothing more and answers the same event
    expect(await t.ok(c.gift, { showId: show.id, giftKey: 'rose', count: 2, cost: { currency: 'JE', amount: 52 }, key }, { as: fan })).toEqual(sent);
    expect(await balances(t, fan)).toMatchObject({ JE: 200 - 104 });
    expect(await balances(t, o.owner)).toMatchObject({ JE: 52 });
    const got = await viewer.until((es) => agentLines(es).some((e) => e.reason === 'thanks'), 'the thanks');
    expect(got.filter((e) => e.kind === 'gift')).toHaveLength(1);
    const thanks = agentLines(got).find((e) => e.reason === 'thanks');
    expect(thanks).toMatchObject({ text: 'Thank you Marisol for the 2 Roses!', mood: 'happy', failed: false });
    expect(thanks?.audio).toMatch(/\/media\/live\/.+\.wav$/);
    expect((await t.call(c.gift, { showId: show.id, giftKey: 'rose', key: liveKey() }, { as: o.owner })).body.code).toBe(ErrorCode.GIFT_OWN_AGENT);
    const ended = await t.ok(c.end, { showId: show.id }, { as: o.owner });
    expect(ended.summary).toMatchObject({ gifts: 2, diamonds: 104, points: 0, topGivers: [{ user: { userName: 'Marisol' }, diamonds: 104 }] });
    expect((await t.call(c.gift, { showId: show.id, giftKey: 'heart', key: liveKey() }, { as: fan })).body.code).toBe(ErrorCode.LIVE_ENDED);
    await eventually(
      async () => viewer.ended(),
      (done) => done,
    );
    await viewer.close();
  });
});

describe('gift keys and removals', () => {
  it('makes the same key in another show another gift, and refuses a removed viewer before paying', async () => {
    const o = await liveOwner(t);
    const first = await startShow(t, o);
    const fan = await buildUser(t);
    await grant(t, fan, 'JE', 200);
    const key = liveKey();
    const rose = { giftKey: 'rose' as const, count: 1, cost: { currency: 'JE' as const, amount: 52 }, key };
    await t.ok(c.gift, { showId: first.id, ...rose }, { as: fan });
    await t.ok(c.end, { showId: first.id }, { as: o.owner });
    const second = await startShow(t, o);
    const again = await t.ok(c.gift, { showId: second.id, ...rose }, { as: fan });
    expect(again.event).toMatchObject({ kind: 'gift', board: [{ diamonds: 52 }] });
    expect(await balances(t, fan)).toMatchObject({ JE: 200 - 104 });
    await t.ok(c.moderate, { showId: second.id, action: 'remove', userId: fan.userId }, { as: o.owner });
    expect((await t.call(c.gift, { showId: second.id, ...rose, key: liveKey() }, { as: fan })).body.code).toBe(ErrorCode.LIVE_REMOVED);
    expect((await t.call(c.events, { showId: second.id, after: 0 }, { as: fan })).body.code).toBe(ErrorCode.LIVE_REMOVED);
    expect(await balances(t, fan)).toMatchObject({ JE: 200 - 104 });
  });

  it('ends the stream of an ended show once it has sent what was missed', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    await t.ok(c.end, { showId: show.id }, { as: o.owner });
    const late = await openShow(address, show.id, { after: 0 });
    await eventually(
      async () => late.ended(),
      (done) => done,
    );
    expect(late.events().map((e) => e.kind)).toContain('end');
  });
});

describe('the agent talks', () => {
  it('greets arrivals by name with the owner’s line and answers a question with its voice', async () => {
    const o = await liveOwner(t, 'Nova');
    const show = await startShow(t, o, { greeting: 'Hello {name}, welcome to the dance floor!' });
    const fan = await buildUser(t, 'Kenji');
    const stream = await openShow(address, show.id, { as: fan });
    const greeted = await stream.until((es) => agentLines(es).some((e) => e.reason === 'greet'), 'the greeting');
    expect(agentLines(greeted).find((e) => e.reason === 'greet')).toMatchObject({ text: 'Hello Kenji, welcome to the dance floor!', failed: false, audio: expect.stringMatching(/\.wav$/) });
    await say(fan, show.id, 'lol');
    const asked = (await say(fan, show.id, 'Nova, what song is this?')).body.data as { event: LiveEvent };
    const answered = await stream.until((es) => agentLines(es).some((e) => e.reason === 'answer'), 'the answer', 30_000);
    const answer = agentLines(answered).find((e) => e.reason === 'answer');
    expect(answer).toMatchObject({ replyTo: asked.event.seq, failed: false });
    expect(answer?.text.length).toBeGreaterThan(0);
    expect(answer?.audio).toMatch(/\.wav$/);
    await stream.close();
  });

  it('waits for the next greeting time instead of turning over and over', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const first = await openShow(address, show.id, { as: await buildUser(t) });
    await first.until((es) => agentLines(es).some((e) => e.reason === 'greet'), 'the first greeting');
    // someone comes in right after a greeting: the next is at least 8 s away
    const second = await openShow(address, show.id, { as: await buildUser(t) });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const turns = await t.starlit.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'live.talk'), sql`${jobs.payload}->>'showId' = ${show.id}`));
    expect(turns.length).toBeLessThan(6);
    await first.close();
    await second.close();
  });
});
