import { calls, ErrorCode } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildAgent, buildUser } from '../../../test/factories.ts';
import { danceWork, liveOwner, ownedMusic, sceneItem, startShow } from '../../../test/live.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { liveShows } from '../../db/schema/index.ts';
import { LIVE_IDLE_MS } from './live.jobs.ts';

const c = calls.live;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('opening a show (LIVE_SETTING)', () => {
  it('offers the default stages, owned scenes and every playable track of the owner', async () => {
    const o = await liveOwner(t);
    const scene = await sceneItem(t, o.owner);
    await sceneItem(t);
    const options = await t.ok(c.options, { agentId: o.agent.id }, { as: o.owner });
    expect(options.scenes.map((s) => s.id)).toEqual(['stage', 'starry', 'sunset', scene.id]);
    expect(options.tracks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: { kind: 'item', id: o.music.id }, title: 'Night Drive', danced: false, seconds: expect.closeTo(6, 1) }),
        expect.objectContaining({ source: { kind: 'work', id: o.dance.id }, title: 'Moonwalk', danced: true, seconds: 8, bpm: 120 }),
      ]),
    );
    expect(options.showId).toBeNull();
    const zh = await t.ok(c.options, { agentId: o.agent.id }, { as: o.owner, lang: 'zh_TW' });
    expect(zh.tracks.find((tr) => tr.source.id === o.music.id)?.title).toBe('夜間兜風');
  });

  it('starts a show with its playlist and stage; home lists it; the songs without moves get danced', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o, { title: ' Friday night dance ', greeting: 'Hi {name}!', chatPolicy: 'followers', slowModeSeconds: 3 });
    expect(show).toMatchObject({
      title: 'Friday night dance',
      state: 'live',
      greeting: 'Hi {name}!',
      chatPolicy: 'followers',
      slowModeSeconds: 3,
      scene: { id: 'stage', kind: 'default', name: { en: 'Spotlight stage', zhTW: '聚光舞台' } },
      agent: { id: o.agent.id, nickname: 'Nova' },
      owner: { userId: o.owner.userId },
      lastSeq: 0,
      summary: null,
      me: { isOwner: true, chatRefusal: null },
    });
    expect(show.playlist.map((tr) => [tr.title, tr.dance !== null])).toEqual([
      ['Moonwalk', true],
      ['Night Drive', false],
    ]);
    expect((await t.ok(c.list, {})).items.map((s) => s.id)).toContain(show.id);
    expect((await t.ok(c.ofAgent, { agentId: o.agent.id })).show?.id).toBe(show.id);
    expect((await t.ok(c.options, { agentId: o.agent.id }, { as: o.owner })).showId).toBe(show.id);
    // the Music item is danced by the studio's engine and the playlist is passed on
    const danced = await eventually(
      () => t.ok(c.get, { showId: show.id }),
      (s) => s.playlist[1].dance !== null,
      100,
    );
    expect(danced.playlist[1].dance).toMatch(/\/media\/live\/.+\/track-1\.vrma$/);
    expect((await t.ok(c.events, { showId: show.id, after: 0 })).items).toEqual([expect.objectContaining({ kind: 'playlist', seq: 1 })]);
  });

  it('uses an uploaded cover, re-encoded, and the agent picture when there is none', async () => {
    const o = await liveOwner(t);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#335' } })
      .png()
      .toBuffer();
    const show = await startShow(t, o, { cover: png.toString('base64') });
    expect(show.cover).toMatch(/\/media\/live\/covers\/.+\.webp$/);
    // a photo of a few megabytes fits the start's own body limit
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const big = await startShow(t, await liveOwner(t), { cover: photo.toString('base64') });
    expect(big.cover).toMatch(/\.webp$/);
    const bad = await t.call(c.start, { ...startInput(o), agentId: (await buildAgent(t, { owner: o.owner })).id, cover: Buffer.from('not a picture').toString('base64') }, { as: o.owner });
    expect(bad.body.code).toBe(ErrorCode.LIVE_COVER_INVALID);
  });

  it('refuses what LIVE_SETTING must not allow, changing nothing', async () => {
    const o = await liveOwner(t);
    const other = await buildUser(t);
    const refused = async (fields: Record<string, unknown>, as = o.owner) => (await t.call(c.start, { ...startInput(o), ...fields }, { as })).body.code;
    expect(await refused({}, other)).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call(c.start, startInput(o))).status).toBe(401);
    const draft = await buildAgent(t, { owner: o.owner, publishedAt: null });
    expect(await refused({ agentId: draft.id })).toBe(ErrorCode.LIVE_AGENT_NOT_PUBLISHED);
    expect(await refused({ playlist: [] })).toBe(ErrorCode.LIVE_PLAYLIST_EMPTY);
    const theirs = await danceWork(t, other);
    expect(await refused({ playlist: [{ kind: 'work', id: theirs.id }] })).toBe(ErrorCode.LIVE_TRACK_NOT_OWNED);
    const notOwned = await ownedMusic(t, other);
    expect(await refused({ playlist: [{ kind: 'item', id: notOwned.id }] })).toBe(ErrorCode.LIVE_TRACK_NOT_OWNED);
    expect(await refused({ sceneId: (await sceneItem(t)).id })).toBe(ErrorCode.LIVE_SCENE_NOT_OWNED);
    expect(await refused({ sceneId: 'disco' })).toBe(ErrorCode.LIVE_SCENE_NOT_OWNED);
    const badTitle = await t.call(c.start, { ...startInput(o), title: '很'.repeat(21) }, { as: o.owner, lang: 'zh_TW' });
    expect(badTitle.body).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringContaining('標題最多 20 個中文字') });
    expect(await refused({ slowModeSeconds: 7 })).toBe(ErrorCode.VALIDATION);
    expect((await t.ok(c.ofAgent, { agentId: o.agent.id })).show).toBeNull();
    await startShow(t, o);
    expect(await refused({})).toBe(ErrorCode.LIVE_ALREADY_LIVE);
  });
});

const startInput = (o: Awaited<ReturnType<typeof liveOwner>>) => ({
  agentId: o.agent.id,
  title: 'Show',
  cover: null,
  sceneId: 'stage',
  playlist: [{ kind: 'work' as const, id: o.dance.id }],
  greeting: '',
  chatPolicy: 'everyone' as const,
  slowModeSeconds: 0,
});

describe('changing and ending a show', () => {
  it('changes the settings for everyone, and only the owner may', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const settings = { showId: show.id, title: 'Late set', greeting: 'Welcome {name}', chatPolicy: 'nobody' as const, slowModeSeconds: 10 };
    expect((await t.call(c.update, settings, { as: await buildUser(t) })).body.code).toBe(ErrorCode.FORBIDDEN);
    const changed = await t.ok(c.update, settings, { as: o.owner });
    expect(changed).toMatchObject({ title: 'Late set', chatPolicy: 'nobody', slowModeSeconds: 10 });
    const { items } = await t.ok(c.events, { showId: show.id, after: 0 });
    expect(items.find((e) => e.kind === 'settings')).toMatchObject({ title: 'Late set', chatPolicy: 'nobody', slowModeSeconds: 10, greeting: 'Welcome {name}' });
  });

  it('ends with a summary kept on the show, once; the list no longer has it', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    expect((await t.call(c.end, { showId: show.id }, { as: await buildUser(t) })).body.code).toBe(ErrorCode.FORBIDDEN);
    const ended = await t.ok(c.end, { showId: show.id }, { as: o.owner });
    expect(ended).toMatchObject({ state: 'ended', endedAt: expect.any(String), summary: { peakViewers: 0, messages: 0, gifts: 0, diamonds: 0, points: 0, topGivers: [] } });
    const again = await t.ok(c.end, { showId: show.id }, { as: o.owner });
    expect(again.endedAt).toBe(ended.endedAt);
    const ends = (await t.ok(c.events, { showId: show.id, after: 0 })).items.filter((e) => e.kind === 'end');
    expect(ends).toHaveLength(1);
    expect((await t.ok(c.list, {})).items.map((s) => s.id)).not.toContain(show.id);
    // the agent may go live again
    expect((await startShow(t, o)).state).toBe('live');
  });

  it('hides a show from both sides of a block as if it did not exist', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const blocked = await buildUser(t);
    await t.ok(calls.social.block, { userId: blocked.userId }, { as: o.owner });
    expect((await t.call(c.get, { showId: show.id }, { as: blocked })).body.code).toBe(ErrorCode.LIVE_NOT_FOUND);
    expect((await t.ok(c.list, {}, { as: blocked })).items.map((s) => s.id)).not.toContain(show.id);
    expect((await t.ok(c.ofAgent, { agentId: o.agent.id }, { as: blocked })).show).toBeNull();
    expect((await t.call(c.events, { showId: show.id, after: 0 }, { as: blocked })).body.code).toBe(ErrorCode.LIVE_NOT_FOUND);
    expect((await t.ok(c.get, { showId: show.id })).id).toBe(show.id);
  });
});

describe('a show nobody watches', () => {
  it('ends by itself with its summary once nobody has watched it for the idle time', async () => {
    const o = await liveOwner(t);
    const show = await startShow(t, o);
    const watched = await startShow(t, await liveOwner(t));
    const db = t.starlit.database.db;
    await db
      .update(liveShows)
      .set({ watchedAt: new Date(Date.now() - LIVE_IDLE_MS - 1000) })
      .where(eq(liveShows.id, show.id));
    expect(await t.starlit.services.live.shows.sweep(LIVE_IDLE_MS)).toBe(1);
    expect(await t.ok(c.get, { showId: show.id })).toMatchObject({ state: 'ended', summary: { peakViewers: 0 } });
    expect((await t.ok(c.get, { showId: watched.id })).state).toBe('live');
  });
});

describe('the list of shows on now', () => {
  it('pages most watched first with a cursor that carries the viewers', async () => {
    const shows = [await startShow(t, await liveOwner(t)), await startShow(t, await liveOwner(t)), await startShow(t, await liveOwner(t))];
    const db = t.starlit.database.db;
    for (const [i, show] of shows.entries())
      await db
        .update(liveShows)
        .set({ viewers: 1000 + i })
        .where(eq(liveShows.id, show.id));
    const first = await t.ok(c.list, { limit: 2 });
    expect(first.items.map((s) => s.id)).toEqual([shows[2].id, shows[1].id]);
    expect(first.items[0].viewers).toBe(1002);
    const next = await t.ok(c.list, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(next.items[0].id).toBe(shows[0].id);
  });
});
