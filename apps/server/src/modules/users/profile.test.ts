import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { calls, PROFILE_LIMITS } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks, works } from '../../db/schema/index.ts';
import { buildAdmin, buildAgent, buildUser, buildWork } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const run = promisify(execFile);
const c = calls.users;

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-profile-test-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** `blocker` blocks `blocked`, as the social module stores it. */
async function block(blocker: SignedIn, blocked: SignedIn) {
  await t.starlit.database.db.insert(userBlocks).values({ blockerId: blocker.userId, blockedId: blocked.userId });
}

/** Avatars stored for the user. */
async function avatarsOf(user: SignedIn): Promise<string[]> {
  const keys = [];
  for await (const object of t.starlit.storage.list(`avatars-users/${user.userId}/`)) keys.push(object.key);
  return keys;
}

/** A JPEG made by ffmpeg (another program), with a title in its metadata. */
async function ffmpegJpeg(): Promise<Buffer> {
  const file = path.join(dir, `face-${Date.now()}.jpg`);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=800x600', '-frames:v', '1', '-metadata', 'title=SecretTitle', file]);
  return fs.readFile(file);
}

describe('profile: what each viewer sees', () => {
  it('shows name, avatar, gender, dates and counts of public published works to anyone; birthday and privacy to the owner only', async () => {
    const owner = await buildUser(t);
    await t.ok(c.updateProfile, { birthday: '1990-05-17', gender: 'woman' }, { as: owner });
    await buildWork(t, owner);
    await buildWork(t, owner, { published: false });
    await buildWork(t, owner, { isPublic: false });
    await buildAgent(t, { ownerId: owner.userId });
    await buildAgent(t, { ownerId: owner.userId, publishedAt: null });
    const other = await buildUser(t);
    const admin = await buildAdmin(t);

    const anonymous = await t.ok(c.profile, { userId: owner.userId });
    expect(anonymous).toMatchObject({ userId: owner.userId, userName: owner.userName, gender: 'Woman', isMe: false, birthday: null, hideWorks: false, worksHidden: false });
    expect(anonymous.counts).toEqual({ works: 1, posts: 0, agents: 1 });
    expect(await t.ok(c.profile, { userId: owner.userId }, { as: other })).toEqual(anonymous);
    expect(await t.ok(c.profile, { userId: owner.userId }, { as: admin })).toEqual(anonymous);
    const mine = await t.ok(c.profile, { userId: owner.userId }, { as: owner });
    expect(mine).toMatchObject({ isMe: true, birthday: '1990-05-17', hideWorks: false, counts: { works: 1, posts: 0, agents: 1 } });
  });

  it('answers an unknown user with USER_NOT_FOUND', async () => {
    const res = await t.call(c.profile, { userId: '00000000-0000-4000-8000-000000000000' });
    expect(res.body.code).toBe(2006);
  });

  it('shows nothing between two people when either blocked the other (SOCIAL_BLOCKED), to both', async () => {
    const blocker = await buildUser(t);
    const blocked = await buildUser(t);
    await buildWork(t, blocker);
    await buildAgent(t, { ownerId: blocker.userId });
    await block(blocker, blocked);
    for (const [viewer, shown] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      expect((await t.call(c.profile, { userId: shown.userId }, { as: viewer })).body.code).toBe(4301);
      expect((await t.call(c.works, { userId: shown.userId }, { as: viewer })).body.code).toBe(4301);
      expect((await t.call(c.agents, { userId: shown.userId }, { as: viewer })).body.code).toBe(4301);
    }
    // others still see the blocker
    expect((await t.ok(c.works, { userId: blocker.userId })).items).toHaveLength(1);
  });
});

describe('profile lists: works, posts and agents', () => {
  it('lists public, published, not hidden works newest first by section, and pages them', async () => {
    const owner = await buildUser(t);
    const first = await buildWork(t, owner, { name: 'First' });
    const second = await buildWork(t, owner, { name: 'Second' });
    const hidden = await buildWork(t, owner, { name: 'Hidden' });
    await t.starlit.database.db.update(works).set({ hiddenAt: new Date(), hiddenReason: 'spam' }).where(eq(works.id, hidden.id));
    await buildWork(t, owner, { published: false });
    const post = await t.ok(calls.works.create, { name: 'Hello', category: 'Living', description: 'A post' }, { as: owner });
    await t.ok(calls.works.publish, { id: post.id }, { as: owner });
    const other = await buildUser(t);

    const page1 = await t.ok(c.works, { userId: owner.userId, limit: 1 }, { as: other });
    expect(page1.items.map((w) => w.id)).toEqual([second.id]);
    const page2 = await t.ok(c.works, { userId: owner.userId, limit: 1, cursor: page1.nextCursor ?? undefined }, { as: other });
    expect(page2.items.map((w) => w.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();
    // the owner sees the same list (drafts are in the user center's portfolio, not the profile)
    expect((await t.ok(c.works, { userId: owner.userId }, { as: owner })).items.map((w) => w.id)).toEqual([second.id, first.id]);
    expect((await t.ok(c.works, { userId: owner.userId, section: 'posts' })).items.map((w) => w.id)).toEqual([post.id]);
    expect((await t.ok(c.works, { userId: owner.userId }, { as: await buildAdmin(t) })).items).toHaveLength(2);
    expect((await t.ok(c.profile, { userId: owner.userId })).counts).toMatchObject({ works: 2, posts: 1 });
  });

  it('keeps works private from others when the owner hides them, and the owner still sees them', async () => {
    const owner = await buildUser(t);
    await buildWork(t, owner);
    await t.ok(c.updateProfile, { hideWorks: true }, { as: owner });
    const other = await buildUser(t);
    for (const as of [undefined, other, await buildAdmin(t)]) {
      const profile = await t.ok(c.profile, { userId: owner.userId }, { as });
      expect(profile).toMatchObject({ worksHidden: true, hideWorks: false, counts: { works: 0, posts: 0 } });
      expect(await t.ok(c.works, { userId: owner.userId }, { as })).toEqual({ items: [], nextCursor: null });
    }
    expect(await t.ok(c.profile, { userId: owner.userId }, { as: owner })).toMatchObject({ worksHidden: false, hideWorks: true, counts: { works: 1 } });
    expect((await t.ok(c.works, { userId: owner.userId }, { as: owner })).items).toHaveLength(1);
  });

  it('lists only public published agents of the user', async () => {
    const owner = await buildUser(t);
    const shown = await buildAgent(t, { ownerId: owner.userId });
    await buildAgent(t, { ownerId: owner.userId, publishedAt: null });
    await buildAgent(t, { ownerId: owner.userId, isPublic: false });
    await buildAgent(t, { ownerId: owner.userId, deletedAt: new Date() });
    for (const as of [undefined, owner, await buildUser(t), await buildAdmin(t)]) {
      expect((await t.ok(c.agents, { userId: owner.userId }, { as })).items.map((a) => a.id)).toEqual([shown.id]);
    }
  });
});

describe('updateProfile', () => {
  it('needs a signed-in user', async () => {
    const res = await t.call(c.updateProfile, { gender: 'Man' });
    expect([res.status, res.body.code]).toEqual([401, 401]);
  });

  it('changes only the caller: name, gender (any case), birthday, privacy; the session keeps working', async () => {
    const user = await buildUser(t);
    const name = `renamed_${user.userName.slice(-8)}`;
    const res = await t.ok(c.updateProfile, { userName: name, gender: 'man', birthday: '2000-02-29', hideWorks: true }, { as: user });
    expect(res.user).toMatchObject({ userId: user.userId, userName: name, role: 'user' });
    expect(res.profile).toMatchObject({ userName: name, gender: 'Man', birthday: '2000-02-29', hideWorks: true });
    expect(await t.ok(calls.auth.me, {}, { as: user })).toMatchObject({ userName: name });
    // a change of case of one's own name is allowed; clearing the birthday is null
    const again = await t.ok(c.updateProfile, { userName: name.toUpperCase(), birthday: null }, { as: user });
    expect(again.profile).toMatchObject({ userName: name.toUpperCase(), birthday: null });
  });

  it("refuses another user's name (any case) with the sign-up's code and changes nothing", async () => {
    const taken = await buildUser(t);
    const user = await buildUser(t);
    const res = await t.call(c.updateProfile, { userName: taken.userName.toUpperCase(), gender: 'Woman' }, { as: user });
    expect(res.body.code).toBe(2003);
    expect(await t.ok(c.profile, { userId: user.userId }, { as: user })).toMatchObject({ userName: user.userName, gender: 'Unknown' });
  });

  it('checks the name, gender and birthday rules, in both languages', async () => {
    const user = await buildUser(t);
    for (const input of [
      { userName: 'ab' },
      { userName: 'a'.repeat(25) },
      { userName: 'bad name<b>' },
      { gender: 'Other' },
      { birthday: '1899-12-31' },
      { birthday: '2001-02-29' },
      { birthday: '3000-01-01' },
      { birthday: '17/05/1990' },
    ]) {
      const res = await t.call(c.updateProfile.path, input, { as: user });
      expect(res.body.code, JSON.stringify(input)).not.toBe(0);
    }
    const en = await t.call(c.updateProfile, { birthday: '1800-01-01' }, { as: user });
    expect(en.body.message).toContain('1900-01-01');
    const zh = await t.call(c.updateProfile, { birthday: '1800-01-01' }, { as: user, lang: 'zh_TW' });
    expect(zh.body.message).toContain('生日');
    expect((await t.ok(c.updateProfile, { birthday: '1900-01-01' }, { as: user })).profile.birthday).toBe('1900-01-01');
  });

  it('two users taking one free name at once: one gets it, the other the taken code', async () => {
    const [a, b] = await Promise.all([buildUser(t), buildUser(t)]);
    const name = `race_${a.userId.slice(0, 8)}`;
    const results = await Promise.all([a, b].map((as) => t.call(c.updateProfile, { userName: name }, { as })));
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 2003]);
  });
});

describe('avatar', () => {
  it('stores a JPEG made by ffmpeg as a small WebP without metadata, and drops the one it replaces', async () => {
    const user = await buildUser(t);
    const jpeg = await ffmpegJpeg();
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    const first = await t.ok(c.updateProfile, { avatar: jpeg.toString('base64') }, { as: user });
    const [key] = await avatarsOf(user);
    expect(key).toMatch(new RegExp(`^avatars-users/${user.userId}/[0-9a-f]+\\.webp$`));
    expect(first.user.avatar).toBe(t.starlit.storage.url(key));
    const stored = (await t.starlit.storage.read(key)) ?? Buffer.alloc(0);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PROFILE_LIMITS.avatarSide, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SecretTitle')).toBe(false);

    const second = await t.ok(c.updateProfile, { avatar: jpeg.toString('base64') }, { as: user });
    expect(second.user.avatar).not.toBe(first.user.avatar);
    expect(await avatarsOf(user)).toHaveLength(1);
    expect((await t.ok(c.profile, { userId: user.userId })).avatar).toBe(second.user.avatar);
  });

  it('limits avatar changes per hour with the rate-limit answer, in both languages', async () => {
    const user = await buildUser(t);
    const picture = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f0f' } })
        .png()
        .toBuffer()
    ).toString('base64');
    for (let i = 0; i < PROFILE_LIMITS.avatarChangesPerHour; i++) await t.ok(c.updateProfile, { avatar: picture }, { as: user });
    const refused = await t.call(c.updateProfile, { avatar: picture }, { as: user, lang: 'zh_TW' });
    expect([refused.status, refused.body.code]).toEqual([429, 429]);
    expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
    // other changes are not limited
    expect((await t.ok(c.updateProfile, { gender: 'Man' }, { as: user })).profile.gender).toBe('Man');
    expect(await avatarsOf(user)).toHaveLength(1);
  });

  it('refuses a file that is not a picture whatever it claims, or one too large, and stores nothing', async () => {
    const user = await buildUser(t);
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect((await t.call(c.updateProfile, { avatar: text.toString('base64'), gender: 'Man' }, { as: user })).body.code).toBe(2007);
    const big = Buffer.alloc(PROFILE_LIMITS.avatarBytes + 1, 1);
    const tooLarge = await t.call(c.updateProfile, { avatar: big.toString('base64') }, { as: user, lang: 'zh_TW' });
    expect(tooLarge.body.code).toBe(2008);
    expect(tooLarge.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await avatarsOf(user)).toEqual([]);
    expect((await t.ok(c.profile, { userId: user.userId })).gender).toBe('Unknown');
  });
});
