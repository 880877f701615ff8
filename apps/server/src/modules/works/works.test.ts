import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildDraftAgent, buildUser, buildWork, pictureBase64 } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.works;

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  owner = await buildUser(t);
  other = await buildUser(t);
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const fields = { name: 'Night sky', category: 'Image' as const };

describe('create and edit', () => {
  it('makes a draft picture work from an upload, shown with the author as publisher', async () => {
    const upload = await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner });
    const work = await t.ok(c.create, { ...fields, tags: ['stars'], mediaKey: upload.key }, { as: owner });
    expect(work).toMatchObject({ kind: 'image', status: 'draft', media: upload.url, cover: upload.url, publisher: owner.userName, isOwner: true, tags: ['stars'], category: 'Image' });
  });

  it('makes a post of text and up to 9 pictures, and refuses a tenth', async () => {
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push((await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner })).key);
    const post = await t.ok(c.create, { name: 'Diary', category: 'Living', description: 'A calm evening.', imageKeys: keys.slice(0, 9) }, { as: owner });
    expect(post).toMatchObject({ kind: 'post', media: null });
    expect(post.images).toHaveLength(9);
    expect(post.cover).toBe(post.images[0]);
    expect((await t.call(c.create, { name: 'Diary', category: 'Living', imageKeys: keys }, { as: owner })).body.code).toBe(1001);
  });

  it('refuses an empty post, and another user’s or an already used upload', async () => {
    expect((await t.call(c.create, { name: 'Empty', category: 'Living' }, { as: owner })).body.code).toBe(4006);
    const upload = await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner });
    expect((await t.call(c.create, { ...fields, mediaKey: upload.key }, { as: other })).body).toMatchObject({ code: 4005, message: 'The uploaded file was not found, please upload it again' });
    await t.ok(c.create, { ...fields, mediaKey: upload.key }, { as: owner });
    expect((await t.call(c.create, { ...fields, mediaKey: upload.key }, { as: owner })).body.code).toBe(4005);
    expect((await t.call(c.create, { ...fields, mediaKey: 'seed/works/aurora.webp' }, { as: owner })).body.code).toBe(4005);
  });

  it('gives an upload to one work only, when several creates name it at once', async () => {
    const upload = await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner });
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call(c.create, { ...fields, mediaKey: upload.key }, { as: owner })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 4005, 4005, 4005, 4005]);
  });

  it('measures the name by display width: 10 Chinese characters fit, 11 do not', async () => {
    const name = (n: number) => '星'.repeat(n);
    const upload = async () => (await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner })).key;
    expect((await t.call(c.create, { ...fields, name: name(10), mediaKey: await upload() }, { as: owner })).body.code).toBe(0);
    const res = await t.call(c.create, { ...fields, name: name(11), mediaKey: await upload() }, { as: owner, lang: 'zh_TW' });
    expect(res.body).toMatchObject({ code: 1001, message: expect.stringContaining('名稱最多 10 個中文字或 20 個英文字') });
    expect((await t.call(c.create, { ...fields, name: 'a'.repeat(21), mediaKey: await upload() }, { as: owner })).body.code).toBe(1001);
  });

  it('refuses an unknown category and a sixth free tag', async () => {
    expect((await t.call(c.create.path, { ...fields, category: 'Cooking' }, { as: owner })).body.code).toBe(1001);
    expect((await t.call(c.create, { ...fields, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, { as: owner })).body.code).toBe(1001);
  });

  it('names an agent of mine or a public published one, not a hidden one', async () => {
    const mine = await buildDraftAgent(t, owner, { nickname: 'Mine', isPublic: false });
    const shared = await buildAgent(t);
    const hidden = await buildDraftAgent(t, other, { nickname: 'Hidden', isPublic: false });
    const upload = async () => (await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner })).key;
    expect((await t.ok(c.create, { ...fields, agentId: mine.id, mediaKey: await upload() }, { as: owner })).agentId).toBe(mine.id);
    expect((await t.ok(c.create, { ...fields, agentId: shared.id, mediaKey: await upload() }, { as: owner })).agentId).toBe(shared.id);
    expect((await t.call(c.create, { ...fields, agentId: hidden.id, mediaKey: await upload() }, { as: owner })).body.code).toBe(6001);
  });

  it('updates with name, tag and publisher required (SPEC §5), as the author only', async () => {
    const work = await buildWork(t, owner, { published: false });
    const edit = { id: work.id, name: 'Renamed', category: 'Music' as const, publisher: 'Studio Luna' };
    const updated = await t.ok(c.update, edit, { as: owner });
    expect(updated).toMatchObject({ name: 'Renamed', category: 'Music', publisher: 'Studio Luna' });
    for (const missing of ['name', 'category', 'publisher'] as const) {
      const { [missing]: _, ...partial } = edit;
      expect((await t.call(c.update.path, partial, { as: owner })).body.code, missing).toBe(1001);
    }
    expect((await t.call(c.update, { ...edit, publisher: '  ' }, { as: owner })).body.code).toBe(1001);
    expect((await t.call(c.update, edit, { as: other })).status).toBe(403);
    expect((await t.call(c.update, edit, { as: admin })).status).toBe(403);
    expect((await t.call(c.update, edit)).status).toBe(401);
  });
  it('keeps what an edit leaves out, and changes what it names', async () => {
    const upload = await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: owner });
    const work = await t.ok(c.create, { ...fields, description: 'Stars over the sea', prompt: 'night, sea', tags: ['sea'], isPublic: false, mediaKey: upload.key }, { as: owner });
    const kept = await t.ok(c.update, { id: work.id, name: 'Sea', category: 'Image', publisher: 'Me' }, { as: owner });
    expect(kept).toMatchObject({ name: 'Sea', description: 'Stars over the sea', prompt: 'night, sea', tags: ['sea'], isPublic: false });
    const changed = await t.ok(c.update, { id: work.id, name: 'Sea', category: 'Image', publisher: 'Me', description: '', tags: [], isPublic: true }, { as: owner });
    expect(changed).toMatchObject({ description: '', tags: [], isPublic: true, prompt: 'night, sea' });
    const hidden = await buildDraftAgent(t, other, { nickname: 'Hidden', isPublic: false });
    expect((await t.call(c.update, { id: work.id, name: 'Sea', category: 'Image', publisher: 'Me', agentId: hidden.id }, { as: owner })).body.code).toBe(6001);
  });
});

describe('seeing a work (SPEC §4)', () => {
  it('shows a public published work to everyone', async () => {
    const work = await buildWork(t, owner);
    for (const as of [null, other, admin]) {
      expect((await t.call(c.get, { id: work.id }, { as })).body.data).toMatchObject({ id: work.id, status: 'published', isOwner: false });
    }
    expect((await t.ok(c.get, { id: work.id }, { as: owner })).isOwner).toBe(true);
  });

  it('answers others "The work is not published" for a public draft, in both languages', async () => {
    const work = await buildWork(t, owner, { published: false });
    expect((await t.call(c.get, { id: work.id }, { as: other })).body).toMatchObject({ code: 4002, message: 'The work is not published' });
    expect((await t.call(c.get, { id: work.id }, { as: other, lang: 'zh_TW' })).body).toMatchObject({ code: 4002, message: '作品尚未發佈' });
    expect((await t.call(c.get, { id: work.id })).body.code).toBe(4002);
    expect((await t.ok(c.get, { id: work.id }, { as: owner })).status).toBe('draft');
  });

  it('hides a private work from everyone but its author, published or not', async () => {
    const work = await buildWork(t, owner, { isPublic: false });
    for (const as of [null, other, admin]) expect((await t.call(c.get, { id: work.id }, { as })).body).toMatchObject({ code: 4001, message: 'Work not found' });
    expect((await t.ok(c.get, { id: work.id }, { as: owner })).isPublic).toBe(false);
  });

  it('takes a work back with unpublish, and lists mine newest first by cursor', async () => {
    const me = await buildUser(t);
    const works = [];
    for (let i = 0; i < 3; i++) works.push(await buildWork(t, me, { name: `Work ${i}` }));
    await t.ok(c.unpublish, { id: works[0].id }, { as: me });
    expect((await t.call(c.get, { id: works[0].id }, { as: other })).body.code).toBe(4002);
    const first = await t.ok(c.mine, { limit: 2 }, { as: me });
    expect(first.items.map((w) => w.name)).toEqual(['Work 2', 'Work 1']);
    const second = await t.ok(c.mine, { limit: 2, cursor: first.nextCursor ?? undefined }, { as: me });
    expect(second.items.map((w) => [w.name, w.status])).toEqual([['Work 0', 'draft']]);
    expect(second.nextCursor).toBeNull();
    expect((await t.call(c.mine, {})).status).toBe(401);
  });

  it('shows published public works on the home feed only', async () => {
    const work = await buildWork(t, owner, { name: 'Feed me' });
    const draft = await buildWork(t, owner, { name: 'Not yet', published: false });
    const hidden = await buildWork(t, owner, { name: 'Secret', isPublic: false });
    const ids = (await t.ok(calls.home.feed, { tab: 'image', limit: 100 })).items.map((i) => i.id);
    expect(ids).toContain(work.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(hidden.id);
  });
});

describe('delete', () => {
  it('lets only the author delete, and takes the files with the work', async () => {
    const work = await buildWork(t, owner);
    const key = work.media?.replace('/media/', '') ?? '';
    expect(await t.starlit.storage.read(key)).not.toBeNull();
    expect((await t.call(c.delete, { id: work.id }, { as: other })).status).toBe(403);
    expect((await t.call(c.delete, { id: work.id }, { as: admin })).status).toBe(403);
    expect((await t.call(c.delete, { id: work.id })).status).toBe(401);
    expect(await t.ok(c.delete, { id: work.id }, { as: owner })).toEqual({ deleted: true });
    expect(await t.starlit.storage.read(key)).toBeNull();
    expect((await t.call(c.get, { id: work.id }, { as: owner })).body.code).toBe(4001);
    expect((await t.call(c.delete, { id: work.id }, { as: owner })).body.code).toBe(4001);
  });
});

describe('the media sweep', () => {
  it('keeps the files a work shows and deletes an upload no work took, once its grace has passed', async () => {
    const me = await buildUser(t);
    const work = await buildWork(t, me);
    const unused = await t.ok(c.upload, { kind: 'image', data: await pictureBase64() }, { as: me });
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await t.starlit.services.media.sweep(dayLater);
    expect(await t.starlit.storage.read(work.media?.replace('/media/', '') ?? '')).not.toBeNull();
    expect(await t.starlit.storage.read(unused.key)).toBeNull();
  });
});
