import type { WorkCategory, WorkKind } from '@starlit/contract';
import { and, type Column, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Handle } from '../../db/client.ts';
import { users, workCollections, workLikes, works } from '../../db/schema/index.ts';
import { withoutSearchDoc } from '../../db/search.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';
import type { ScorePosition } from '@starlit/contract/rules';

export type WorkKindValue = z.infer<typeof WorkKind>;
export type WorkCategoryValue = z.infer<typeof WorkCategory>;
type WorkRecord = Omit<typeof works.$inferSelect, 'searchDoc'>;
/** A work with its author, and whether the viewer liked and collected it. */
export type WorkRow = WorkRecord & { authorName: string; authorAvatar: string | null; liked: boolean; collected: boolean };
export type WorkInsert = typeof works.$inferInsert;

const workColumns = withoutSearchDoc(getTableColumns(works));
export type WorkPatch = Partial<Omit<WorkInsert, 'id' | 'authorId' | 'createdAt'>>;

/**
 * What anyone may see of a work: public, published, not hidden by moderation. Written the
 * way the partial indexes of db/schema/content.ts are, so the planner may use them; the feeds
 * order `desc nulls last` like those indexes (a plain `desc` puts nulls first and would make
 * PostgreSQL sort every shown work instead of reading the index in order).
 */
const shown = sql`${works.isPublic} and ${works.publishedAt} is not null and ${works.hiddenAt} is null`;

/** A work as a card of the home grid and of search results, with the rank Recommend pages by. */
export interface FeedRow {
  id: string;
  at: Date;
  kind: WorkKindValue;
  title: string;
  body: string;
  cover: string | null;
  media: string | null;
  waveform: string | null;
  engine: string | null;
  tags: string[];
  userId: string;
  userName: string;
  userAvatar: string | null;
  rank: number;
}

/** A feed row as the database answers it. */
export type RawFeedRow = {
  id: string;
  at: string | Date;
  kind: WorkKindValue;
  title: string;
  body: string;
  cover: string | null;
  media: string | null;
  waveform: string | null;
  engine: string | null;
  tags: string[];
  user_id: string;
  user_name: string;
  user_avatar: string | null;
  rank: number | string;
};

export const toFeedRow = (r: RawFeedRow): FeedRow => ({
  id: r.id,
  at: new Date(r.at),
  kind: r.kind,
  title: r.title,
  body: r.body,
  cover: r.cover,
  media: r.media,
  waveform: r.waveform,
  engine: r.engine,
  tags: r.tags,
  userId: r.user_id,
  userName: r.user_name,
  userAvatar: r.user_avatar,
  rank: Number(r.rank),
});

/** The waveform picture among a studio work's files (text2Music), for its card. */
const waveformUrl = sql`(select f->>'url' from jsonb_array_elements(${works.creationFiles}) f where f->>'role' = 'waveform' limit 1)`;

const feedColumns = sql`${works.id} as id, ${works.publishedAt} as at, ${works.kind} as kind, ${works.name} as title,
  ${works.description} as body, ${works.cover} as cover, ${works.media} as media, ${waveformUrl} as waveform, ${works.engine} as engine, ${works.tags} as tags,
  ${users.id} as user_id, ${users.userName} as user_name, ${users.avatar} as user_avatar, ${works.rank} as rank`;
const feedSelect = sql`select ${feedColumns} from ${works} join ${users} on ${users.id} = ${works.authorId}`;

/** Rows strictly after a newest-first position of (published time, id). */
function newerThan(after: Cursor | null, at: SQL | Column = works.publishedAt, id: SQL | Column = works.id): SQL {
  if (!after) return sql``;
  return sql`and (${at}, ${id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

/** The storage folder of uploaded work files: `works/<userId>/<random>.<ext>`. */
export const WORKS_FOLDER = 'works/';

/** The works a profile shows: public, published and not hidden by moderation, of one section. */
function shownOnProfile(authorId: string, section: 'works' | 'posts'): SQL {
  return and(eq(works.authorId, authorId), eq(works.isPublic, true), isNotNull(works.publishedAt), isNull(works.hiddenAt), section === 'posts' ? eq(works.kind, 'post') : ne(works.kind, 'post'))!;
}

/**
 * The columns of a WorkRow for `viewerId` (null: a visitor), over `works` joined to its
 * author in `users`: the viewer's like and collection are index lookups in the same query.
 */
export function workRowFields(viewerId: string | null) {
  const mine = (flag: SQL<boolean>): SQL<boolean> => (viewerId ? flag : sql<boolean>`false`);
  return {
    work: workColumns,
    authorName: users.userName,
    authorAvatar: users.avatar,
    liked: mine(sql<boolean>`exists (select 1 from ${workLikes} where ${workLikes.workId} = ${works.id} and ${workLikes.userId} = ${viewerId})`),
    collected: mine(sql<boolean>`exists (select 1 from ${workCollections} where ${workCollections.workId} = ${works.id} and ${workCollections.userId} = ${viewerId})`),
  };
}

type WorkRowSelection = { work: WorkRecord; authorName: string; authorAvatar: string | null; liked: boolean; collected: boolean };
/** A row selected with `workRowFields` as a WorkRow. */
export const toWorkRow = ({ work, ...rest }: WorkRowSelection): WorkRow => ({ ...work, ...rest });

/** Works and their authors' names; the SQL over the works table (likes and collections: reactions.repository.ts). */
/** Shown works that also match `which`, newest first, after the cursor; limit + 1 rows in the feed's columns. */
function newestRows(which: SQL, viewerId: string | null, after: Cursor | null, limit: number): SQL {
  return sql`${feedSelect} where ${which} and ${shown} and ${notBlocked(viewerId, works.authorId)} ${newerThan(after)}
    order by ${works.publishedAt} desc nulls last, ${works.id} desc nulls last limit ${limit + 1}`;
}

export function worksRepository(db: Handle) {
  const select = (viewerId: string | null) => db.select(workRowFields(viewerId)).from(works).innerJoin(users, eq(users.id, works.authorId));
  const flat = toWorkRow;

  return {
    async insert(values: WorkInsert): Promise<string> {
      const [row] = await db.insert(works).values(values).returning({ id: works.id });
      return row.id;
    },

    /** A work of a creation, unless that creation has one already (null then): one work per creation, whoever races. */
    async insertForCreation(values: WorkInsert & { creationId: string }): Promise<string | null> {
      const [row] = await db.insert(works).values(values).onConflictDoNothing({ target: works.creationId }).returning({ id: works.id });
      return row?.id ?? null;
    },

    /** Inserts the work of a daily task; null when the task has one already (the unique `task_id` decides). */
    async insertForTask(values: WorkInsert & { taskId: string }): Promise<string | null> {
      const [row] = await db.insert(works).values(values).onConflictDoNothing({ target: works.taskId }).returning({ id: works.id });
      return row?.id ?? null;
    },

    async byTask(taskId: string): Promise<string | null> {
      const [row] = await db.select({ id: works.id }).from(works).where(eq(works.taskId, taskId));
      return row?.id ?? null;
    },

    /** The works published from these creations, by creation id. */
    async byCreations(creationIds: string[]): Promise<Map<string, string>> {
      if (creationIds.length === 0) return new Map();
      const rows = await db.select({ creationId: works.creationId, id: works.id }).from(works).where(inArray(works.creationId, creationIds));
      return new Map(rows.map((r) => [r.creationId!, r.id]));
    },

    /** Holds the author's works for the rest of the transaction: their uploads are claimed one create at a time. */
    async lockAuthor(authorId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`works:${authorId}`}))`);
    },

    /** The work as `viewerId` sees it (their like and collection); null viewer for a visitor. */
    async byId(id: string, viewerId: string | null = null): Promise<WorkRow | null> {
      const [row] = await select(viewerId).where(eq(works.id, id));
      return row ? flat(row) : null;
    },

    async byIds(ids: string[]): Promise<WorkRow[]> {
      if (ids.length === 0) return [];
      return (await select(null).where(inArray(works.id, ids))).map(flat);
    },

    async update(id: string, patch: WorkPatch): Promise<void> {
      await db
        .update(works)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(works.id, id));
    },

    /** Adds `delta` to the comment counter in place, so concurrent comments never overwrite each other's count. */
    async adjustCommentCount(id: string, delta: number): Promise<void> {
      await db
        .update(works)
        .set({ commentCount: sql`${works.commentCount} + ${delta}` })
        .where(eq(works.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(works).where(eq(works.id, id));
    },

    /** The author's works, newest first; limit + 1 rows for paging. */
    async byAuthor(authorId: string, cursor: Cursor | null, limit: number): Promise<WorkRow[]> {
      const rows = await select(authorId)
        .where(and(eq(works.authorId, authorId), afterCursor(cursor, works.createdAt, works.id)))
        .orderBy(desc(works.createdAt), desc(works.id))
        .limit(limit + 1);
      return rows.map(flat);
    },

    /** The author's music and dance works, newest first: what a live show can play. */
    async playableBy(authorId: string, limit: number): Promise<WorkRow[]> {
      const rows = await select(authorId)
        .where(and(eq(works.authorId, authorId), inArray(works.kind, ['audio', 'dance'])))
        .orderBy(desc(works.createdAt), desc(works.id))
        .limit(limit);
      return rows.map(flat);
    },

    /**
     * The author's public, published, not hidden works of one section (posts, or every other
     * kind), newest published first, none when the viewer and the author blocked each other;
     * limit + 1 rows for paging.
     */
    async publishedBy(authorId: string, viewerId: string | null, section: 'works' | 'posts', cursor: Cursor | null, limit: number): Promise<WorkRow[]> {
      const rows = await select(viewerId)
        .where(and(shownOnProfile(authorId, section), notBlocked(viewerId, works.authorId), afterCursor(cursor, works.publishedAt, works.id)))
        .orderBy(desc(works.publishedAt), desc(works.id))
        .limit(limit + 1);
      return rows.map(flat);
    },

    /** How many works and posts `publishedBy` lists for the author. */
    async publishedCounts(authorId: string): Promise<{ works: number; posts: number }> {
      const [row] = await db
        .select({ works: count(sql`case when ${works.kind} <> 'post' then 1 end`), posts: count(sql`case when ${works.kind} = 'post' then 1 end`) })
        .from(works)
        .where(and(eq(works.authorId, authorId), isNotNull(works.publishedAt), eq(works.isPublic, true), isNull(works.hiddenAt)));
      return row;
    },

    /** Which of these addresses a work still shows (cover, media, a post picture, or a file of the creation it was published from). */
    async referencedUrls(urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const list = sql.join(
        urls.map((u) => sql`${u}`),
        sql`, `,
      );
      const rows = await db.execute<{ url: string }>(sql`
        select u.url from unnest(array[${list}]::text[]) as u(url)
        where exists (select 1 from ${works} w where w.cover = u.url or w.media = u.url or u.url = any(w.images)
                        or w.creation_files @> jsonb_build_array(jsonb_build_object('url', u.url)))`);
      return new Set(rows.rows.map((r) => r.url));
    },

    /** Recommend: shown works by rank (engagement with decay, docs/home.md), then id; limit + 1 rows. */
    recommendRows(viewerId: string | null, after: ScorePosition | null, limit: number): SQL {
      const cursor = after ? sql`and (${works.rank}, ${works.id}) < (${after.score}::float8, ${after.id}::uuid)` : sql``;
      return sql`${feedSelect} where ${shown} and ${notBlocked(viewerId, works.authorId)} ${cursor}
        order by ${works.rank} desc nulls last, ${works.id} desc nulls last limit ${limit + 1}`;
    },

    /**
     * Shown works of some kinds (home's video tab: videos and dances), newest first; limit + 1
     * rows. Each kind is its own ordered range of `works_feed_kind_idx`, merged and cut, so no
     * tab sorts every shown work of its kinds.
     */
    kindRows(kinds: readonly WorkKindValue[], viewerId: string | null, after: Cursor | null, limit: number): SQL {
      const ranges = kinds.map((kind) => sql`(${newestRows(sql`${works.kind} = ${kind}`, viewerId, after, limit)})`);
      if (ranges.length === 1) return newestRows(sql`${works.kind} = ${kinds[0]}`, viewerId, after, limit);
      return sql`select * from (${sql.join(ranges, sql` union all `)}) k order by k.at desc, k.id desc limit ${limit + 1}`;
    },

    /** Shown creations (every kind but posts), newest first; limit + 1 rows. */
    creationRows: (viewerId: string | null, after: Cursor | null, limit: number): SQL => newestRows(sql`${works.kind} <> 'post'`, viewerId, after, limit),

    /** Shown works of one tag category (SPEC §3, e.g. Dance), newest first; limit + 1 rows. */
    categoryRows: (category: WorkCategoryValue, viewerId: string | null, after: Cursor | null, limit: number): SQL => newestRows(sql`${works.category} = ${category}`, viewerId, after, limit),

    /**
     * My Following: newest first, the shown works of the viewer's written-ahead feed (`feed`, the
     * social feature's `(id, at)` rows of it, decision 0018), without authors blocked either way;
     * limit + 1 rows. One backward range of the feed's key, stopping at the page's last row.
     */
    following(feed: SQL, viewerId: string, after: Cursor | null, limit: number): SQL {
      return sql`${feedSelect} join (
          select f.id, f.at from ${feed} f join ${works} w on w.id = f.id
          where w.is_public and w.published_at is not null and w.hidden_at is null
            and ${notBlocked(viewerId, sql`w.author_id`)} ${newerThan(after, sql`f.at`, sql`f.id`)}
          order by f.at desc, f.id desc limit ${limit + 1}) f on f.id = ${works.id}
        order by ${works.publishedAt} desc nulls last, ${works.id} desc nulls last`;
    },

    /**
     * Shown works matching a search text (docs/search.md), best match first, then newest, in
     * the feed's columns with their score; limit + 1 rows.
     */
    searchRows(q: string, viewerId: string | null, after: ScorePosition | null, limit: number): SQL {
      const cursor = after ? sql`where (s.score, s.at, s.id) < (${after.score}::real, ${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : sql``;
      // every match is scored, so the page is chosen on works alone and only its rows meet their authors
      return sql`select ${feedColumns}, s.score from ${works} join ${users} on ${users.id} = ${works.authorId} join (
          select s.id, s.at, s.score from (
            select ${works.id} as id, ${works.publishedAt} as at, ts_rank(${works.searchDoc}, q.query, 1) as score
            from ${works}, starlit_search_query(${q}) q(query)
            where ${works.searchDoc} @@ q.query and ${shown} and ${notBlocked(viewerId, works.authorId)}) s
          ${cursor} order by s.score desc, s.at desc, s.id desc limit ${limit + 1}) s on s.id = ${works.id}
        order by s.score desc, s.at desc, s.id desc`;
    },

    async search(q: string, viewerId: string | null, after: ScorePosition | null, limit: number): Promise<Array<FeedRow & { score: number }>> {
      const result = await db.execute<RawFeedRow & { score: number }>(this.searchRows(q, viewerId, after, limit));
      return result.rows.map((r) => ({ ...toFeedRow(r), score: Number(r.score) }));
    },
  };
}

export type WorksRepository = ReturnType<typeof worksRepository>;
