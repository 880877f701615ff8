import type { WorkKind } from '@starlit/contract';
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Handle } from '../../db/client.ts';
import { users, workCollections, workLikes, works } from '../../db/schema/index.ts';
import { withoutSearchDoc } from '../../db/search.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';

export type WorkKindValue = z.infer<typeof WorkKind>;
type WorkRecord = Omit<typeof works.$inferSelect, 'searchDoc'>;
/** A work with its author, and whether the viewer liked and collected it. */
export type WorkRow = WorkRecord & { authorName: string; authorAvatar: string | null; liked: boolean; collected: boolean };
export type WorkInsert = typeof works.$inferInsert;

const workColumns = withoutSearchDoc(getTableColumns(works));
export type WorkPatch = Partial<Omit<WorkInsert, 'id' | 'authorId' | 'createdAt'>>;

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
export function worksRepository(db: Handle) {
  const select = (viewerId: string | null) => db.select(workRowFields(viewerId)).from(works).innerJoin(users, eq(users.id, works.authorId));
  const flat = toWorkRow;

  return {
    async insert(values: WorkInsert): Promise<string> {
      const [row] = await db.insert(works).values(values).returning({ id: works.id });
      return row.id;
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

    /** Which of these addresses a work still shows (cover, media or a post picture). */
    async referencedUrls(urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const list = sql.join(
        urls.map((u) => sql`${u}`),
        sql`, `,
      );
      const rows = await db.execute<{ url: string }>(sql`
        select u.url from unnest(array[${list}]::text[]) as u(url)
        where exists (select 1 from ${works} w where w.cover = u.url or w.media = u.url or u.url = any(w.images))`);
      return new Set(rows.rows.map((r) => r.url));
    },

    /**
     * Public published works of these kinds, none hidden by moderation, in the home feed's columns (type, id, at, kind,
     * title, body, cover, media, engine, tags, user_id, user_name, user_avatar).
     */
    feedRows(kinds: WorkKindValue[]): SQL {
      return sql`
        select 'work' as type, ${works.id} as id, ${works.publishedAt} as at, ${works.kind} as kind, ${works.name} as title,
               ${works.description} as body, ${works.cover} as cover, ${works.media} as media, ${works.engine} as engine, ${works.tags} as tags,
               ${users.id} as user_id, ${users.userName} as user_name, ${users.avatar} as user_avatar
        from ${works} join ${users} on ${users.id} = ${works.authorId}
        where ${works.isPublic} and ${works.publishedAt} is not null and ${works.hiddenAt} is null and ${inArray(works.kind, kinds)}`;
    },
  };
}

export type WorksRepository = ReturnType<typeof worksRepository>;
