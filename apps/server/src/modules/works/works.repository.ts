import type { WorkKind } from '@starlit/contract';
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Handle } from '../../db/client.ts';
import { users, works } from '../../db/schema/index.ts';
import { withoutSearchDoc } from '../../db/search.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type WorkKindValue = z.infer<typeof WorkKind>;
type WorkRecord = Omit<typeof works.$inferSelect, 'searchDoc'>;
export type WorkRow = WorkRecord & { authorName: string; authorAvatar: string | null };
export type WorkInsert = typeof works.$inferInsert;

const workColumns = withoutSearchDoc(getTableColumns(works));
export type WorkPatch = Partial<Omit<WorkInsert, 'id' | 'authorId' | 'createdAt'>>;

/** The storage folder of uploaded work files: `works/<userId>/<random>.<ext>`. */
export const WORKS_FOLDER = 'works/';

/** Works and their authors' names; the only SQL over the works table. */
export function worksRepository(db: Handle) {
  const select = () => db.select({ work: workColumns, authorName: users.userName, authorAvatar: users.avatar }).from(works).innerJoin(users, eq(users.id, works.authorId));
  const flat = (r: { work: WorkRecord; authorName: string; authorAvatar: string | null }): WorkRow => ({ ...r.work, authorName: r.authorName, authorAvatar: r.authorAvatar });

  return {
    async insert(values: WorkInsert): Promise<string> {
      const [row] = await db.insert(works).values(values).returning({ id: works.id });
      return row.id;
    },

    /** Holds the author's works for the rest of the transaction: their uploads are claimed one create at a time. */
    async lockAuthor(authorId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`works:${authorId}`}))`);
    },

    async byId(id: string): Promise<WorkRow | null> {
      const [row] = await select().where(eq(works.id, id));
      return row ? flat(row) : null;
    },

    async byIds(ids: string[]): Promise<WorkRow[]> {
      if (ids.length === 0) return [];
      return (await select().where(inArray(works.id, ids))).map(flat);
    },

    async update(id: string, patch: WorkPatch): Promise<void> {
      await db
        .update(works)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(works.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(works).where(eq(works.id, id));
    },

    /** The author's works, newest first; limit + 1 rows for paging. */
    async byAuthor(authorId: string, cursor: Cursor | null, limit: number): Promise<WorkRow[]> {
      const rows = await select()
        .where(and(eq(works.authorId, authorId), afterCursor(cursor, works.createdAt, works.id)))
        .orderBy(desc(works.createdAt), desc(works.id))
        .limit(limit + 1);
      return rows.map(flat);
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
