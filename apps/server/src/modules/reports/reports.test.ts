import { calls } from '@starlit/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports as reportsTable, userBlocks } from '../../db/schema/index.ts';
import { ORPHAN_GRACE_MS } from '../../platform/storage-sweep.ts';
import { buildAdmin, buildUser, buildWork, pictureBase64, type Work } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const c = calls.reports;

let t: TestServer;
let author: SignedIn;
let admin: SignedIn;
let work: Work;
beforeAll(async () => {
  t = await startTestServer();
  author = await buildUser(t);
  admin = await buildAdmin(t);
  work = await buildWork(t, author, { name: 'Reported' });
});
afterAll(async () => {
  await t?.close();
});

const report = (workId: string, extra: Partial<{ type: 'spam' | 'other'; description: string; images: string[] }> = {}) => ({
  workId,
  type: 'spam' as const,
  description: 'Adverts everywhere',
  images: [],
  ...extra,
});

/** Every key stored under a report's folder. */
async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.starlit.storage.list(prefix)) keys.push(o.key);
  return keys;
}

/** The keys this server stored while `fn` ran (the media folder is shared by test files running at once). */
async function storedDuring(fn: () => Promise<void>): Promise<string[]> {
  const storage = t.starlit.storage;
  const put = storage.put;
  const keys: string[] = [];
  storage.put = (key, body, type) => {
    keys.push(key);
    return put.call(storage, key, body, type);
  };
  try {
    await fn();
  } finally {
    storage.put = put;
  }
  return keys;
}

const jpeg = async () =>
  (
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#c33' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
const gif = async () =>
  (
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#3c3' } })
      .gif()
      .toBuffer()
  ).toString('base64');

describe('who may report', () => {
  it('refuses visitors with 401', async () => {
    expect((await t.call(c.submit, report(work.id))).status).toBe(401);
  });

  it('takes a report from another user and answers the author for the block offer', async () => {
    const reporter = await buildUser(t);
    const answer = await t.ok(c.submit, report(work.id), { as: reporter });
    expect(answer.author).toEqual({ userId: author.userId, userName: author.userName });
    const [row] = await t.starlit.database.db.select().from(reportsTable).where(eq(reportsTable.id, answer.id));
    expect(row).toMatchObject({ workId: work.id, reporterId: reporter.userId, type: 'spam', status: 'open' });
  });

  it('an admin may report like anyone', async () => {
    expect((await t.call(c.submit, report(work.id), { as: admin })).body.code).toBe(0);
  });

  it('refuses the author reporting their own work', async () => {
    expect((await t.call(c.submit, report(work.id), { as: author })).body.code).toBe(4505);
  });

  it('refuses a work the reporter cannot see as not found', async () => {
    const draft = await buildWork(t, author, { isPublic: false, published: false });
    expect((await t.call(c.submit, report(draft.id), { as: await buildUser(t) })).body.code).toBe(4001);
    expect((await t.call(c.submit, report('00000000-0000-4000-8000-000000000000'), { as: await buildUser(t) })).body.code).toBe(4001);
  });

  it('refuses a blocked user, either way, as if the work were not there', async () => {
    const blocked = await buildUser(t);
    const blocker = await buildUser(t);
    await t.starlit.database.db.insert(userBlocks).values([
      { blockerId: author.userId, blockedId: blocked.userId },
      { blockerId: blocker.userId, blockedId: author.userId },
    ]);
    expect((await t.call(c.submit, report(work.id), { as: blocked })).body.code).toBe(4001);
    expect((await t.call(c.submit, report(work.id), { as: blocker })).body.code).toBe(4001);
  });
});

describe('what a report must hold', () => {
  /** What `reporter` has reported so far. */
  const reportsBy = (reporter: SignedIn) => t.starlit.database.db.select().from(reportsTable).where(eq(reportsTable.reporterId, reporter.userId));

  /** Sends `body` as `reporter`, expecting the refusal `code` with exactly `en` / `zh` as its message, and nothing stored. */
  async function refused(reporter: SignedIn, body: unknown, code: number, en: string, zh: string) {
    const stored = await storedDuring(async () => {
      for (const [lang, text] of [
        ['en_US', en],
        ['zh_TW', zh],
      ] as const) {
        const res = await t.call(c.submit.path, body, { as: reporter, lang });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ code, data: null, message: text });
      }
    });
    expect(stored).toEqual([]);
    expect(await reportsBy(reporter)).toEqual([]);
  }

  it('asks for a missing type with SPEC §5’s words alone, in both languages, and stores nothing', async () => {
    const reporter = await buildUser(t);
    const png = await pictureBase64();
    await refused(reporter, { workId: work.id, description: 'Adverts', images: [png] }, 4508, 'please select report type', '請選擇檢舉類型');
    await refused(reporter, { workId: work.id, type: '', description: 'Adverts' }, 4508, 'please select report type', '請選擇檢舉類型');
    await refused(reporter, { workId: work.id, type: 'nonsense', description: 'Adverts' }, 4508, 'please select report type', '請選擇檢舉類型');
    // the dialog asks the type first: with neither, the type is what it asks for
    await refused(reporter, { workId: work.id }, 4508, 'please select report type', '請選擇檢舉類型');
  });

  it('asks for a missing description with SPEC §5’s words alone, in both languages, and stores nothing', async () => {
    const reporter = await buildUser(t);
    const png = await pictureBase64();
    await refused(reporter, { workId: work.id, type: 'spam', images: [png] }, 4509, 'please fill in report description', '請填寫檢舉說明');
    await refused(reporter, { workId: work.id, type: 'spam', description: '  \n ' }, 4509, 'please fill in report description', '請填寫檢舉說明');
    await refused(reporter, { workId: work.id, type: 'spam', description: '\u0007' }, 4509, 'please fill in report description', '請填寫檢舉說明');
  });

  it('answers other incomplete input "Parameters must be complete", not a picture error, and stores nothing', async () => {
    const reporter = await buildUser(t);
    const png = await pictureBase64();
    const complete = ['Parameters must be complete', '參數必須完整'] as const;
    await refused(reporter, { type: 'spam', description: 'Adverts', images: [png] }, 4503, ...complete);
    await refused(reporter, { workId: 'not-a-work', type: 'spam', description: 'Adverts' }, 4503, ...complete);
    await refused(reporter, {}, 4503, ...complete);
    await refused(reporter, { workId: work.id, type: 'spam', description: 'Adverts', images: [png, ''] }, 4503, ...complete);
    await refused(reporter, { workId: work.id, type: 'spam', description: 'Adverts', images: [png, 42] }, 4503, ...complete);
    await refused(reporter, { workId: work.id, type: 'spam', description: 'Adverts', images: png }, 4503, ...complete);
  });

  it('keeps the picture errors for pictures that were sent but cannot be used', async () => {
    const reporter = await buildUser(t);
    await refused(reporter, report(work.id, { images: ['===='] }), 4504, 'Report pictures must be JPG or PNG', '檢舉圖片必須是 JPG 或 PNG');
  });

  it('limits the description to 500 characters and drops control characters', async () => {
    const reporter = await buildUser(t);
    await refused(reporter, report(work.id, { description: 'a'.repeat(501) }), 4510, 'Report description must be at most 500 characters', '檢舉說明最多 500 個字');
    const { id } = await t.ok(c.submit, report(work.id, { description: `bad\u0007 <b>work</b>\n${'a'.repeat(480)}` }), { as: reporter });
    const [row] = await t.starlit.database.db.select().from(reportsTable).where(eq(reportsTable.id, id));
    expect(row.description.startsWith('bad <b>work</b>\n')).toBe(true);
  });

  it('takes at most 3 pictures', async () => {
    const png = await pictureBase64();
    await refused(await buildUser(t), report(work.id, { images: [png, png, png, png] }), 4511, 'At most 3 pictures', '最多 3 張圖片');
  });
});

describe('pictures are checked by content', () => {
  it('keeps JPG and PNG re-encoded without metadata under reports/<id>/', async () => {
    const { id } = await t.ok(c.submit, report(work.id, { images: [await jpeg(), await pictureBase64()] }), { as: await buildUser(t) });
    const keys = (await storedKeys(`reports/${id}/`)).sort();
    expect(keys).toEqual([`reports/${id}/1.jpg`, `reports/${id}/2.png`]);
    const stored = await t.starlit.storage.read(keys[0]);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
  });

  it('takes a PNG whatever the client called it', async () => {
    // the contract carries no names: a PNG renamed .jpg arrives as the same bytes
    expect((await t.call(c.submit, report(work.id, { images: [await pictureBase64()] }), { as: await buildUser(t) })).body.code).toBe(0);
  });

  it('refuses a GIF or a text file and stores nothing', async () => {
    const reporter = await buildUser(t);
    const [png, notPng, text] = [await pictureBase64(), await gif(), Buffer.from('hello, not a picture').toString('base64')];
    const stored = await storedDuring(async () => {
      expect((await t.call(c.submit, report(work.id, { images: [png, notPng] }), { as: reporter })).body.code).toBe(4504);
      expect((await t.call(c.submit, report(work.id, { images: [text] }), { as: reporter })).body.code).toBe(4504);
    });
    expect(stored).toEqual([]);
    // refused reports do not count against the repeat window
    expect((await t.call(c.submit, report(work.id), { as: reporter })).body.code).toBe(0);
  });

  it('refuses a picture over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64');
    expect((await t.call(c.submit, report(work.id, { images: [big] }), { as: await buildUser(t) })).body.code).toBe(4507);
  });
});

describe('the repeat window and the rate limit', () => {
  let png: string;
  beforeAll(async () => {
    png = await pictureBase64();
  });

  it('refuses the same work again within 24 hours, even when sent at once', async () => {
    const reporter = await buildUser(t);
    // as many as the rate limit lets through, so every refusal is the window's
    let answers: Array<{ body: { code: number; message: string } }> = [];
    const stored = await storedDuring(async () => {
      answers = await Promise.all(Array.from({ length: 5 }, () => t.call(c.submit, report(work.id, { images: [png] }), { as: reporter })));
    });
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, 4501, 4501, 4501, 4501]);
    expect(answers.find((a) => a.body.code === 4501)?.body.message).toBe('Please do not report the same work within a short period of time');
    const rows = await t.starlit.database.db
      .select()
      .from(reportsTable)
      .where(and(eq(reportsTable.reporterId, reporter.userId), eq(reportsTable.workId, work.id)));
    expect(rows).toHaveLength(1);
    // the refused ones' pictures were taken away again
    expect(await storedKeys(`reports/${rows[0].id}/`)).toHaveLength(1);
    for (const key of stored.filter((k) => !k.startsWith(`reports/${rows[0].id}/`))) expect(await t.starlit.storage.read(key)).toBeNull();
  });

  it('takes 5 reports in 10 minutes from one person, then asks them to slow down', async () => {
    const reporter = await buildUser(t);
    const targets = await Promise.all(Array.from({ length: 6 }, () => buildWork(t, author)));
    const codes = [];
    for (const w of targets) codes.push((await t.call(c.submit, report(w.id), { as: reporter })).body.code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 4506]);
  });
});

describe('pictures live as long as their report', () => {
  it('are swept once their work, and so their report, is deleted', async () => {
    // a media folder of its own: a sweep here must not see other test files' uploads
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-reports-'));
    const s = await startTestServer({ DATA_DIR: dataDir });
    try {
      const owner = await buildUser(s);
      const [kept, deleted] = [await buildWork(s, owner), await buildWork(s, owner)];
      const reporter = await buildUser(s);
      const keptReport = await s.ok(c.submit, report(kept.id, { images: [await pictureBase64()] }), { as: reporter });
      const deletedReport = await s.ok(c.submit, report(deleted.id, { images: [await pictureBase64()] }), { as: reporter });
      await s.ok(calls.works.delete, { id: deleted.id }, { as: owner });
      await s.starlit.services.media.sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 60_000));
      expect(await s.starlit.storage.read(`reports/${keptReport.id}/1.png`)).not.toBeNull();
      expect(await s.starlit.storage.read(`reports/${deletedReport.id}/1.png`)).toBeNull();
    } finally {
      await s.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
