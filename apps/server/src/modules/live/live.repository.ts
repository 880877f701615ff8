import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { liveEvents, liveGivers, liveMembers, liveShows, users } from '../../db/schema/index.ts';
import type { ScorePosition } from '@starlit/contract/rules';
import { notBlocked } from '../../platform/policy.ts';

export type LiveShowRow = typeof liveShows.$inferSelect;
export type LiveEventRow = typeof liveEvents.$inferSelect;
export type LiveMemberRow = typeof liveMembers.$inferSelect;
export type LiveEventKind = LiveEventRow['kind'];

/** Where live shows keep their files: uploaded covers and the agent's spoken lines. */
export const LIVE_FOLDER = 'live/';

export const person = { userId: users.id, userName: users.userName, avatar: users.avatar };
export type PersonRow = { userId: string; userName: string; avatar: string | null };

/** A show with its owner; the service adds its agent (read through the agents feature). */
const showWithOwner = { show: liveShows, owner: person };
export type ShowWithOwner = { show: LiveShowRow; owner: PersonRow };

/** An event as kept, with the person it is about (null when there is none, or they deleted their account). */
export type EventWithPerson = { event: LiveEventRow; user: PersonRow | null };

/** What a counter of the show goes up by when an event is added. */
export type ShowCounters = Partial<Pick<LiveShowRow, 'messages' | 'gifts' | 'diamonds' | 'points'>>;

/** The SQL over live shows, their events, members and givers. */
export function liveRepository(db: Handle) {
  const withOwner = () => db.select(showWithOwner).from(liveShows).innerJoin(users, eq(users.id, liveShows.ownerId));

  return {
    async insert(row: typeof liveShows.$inferInsert): Promise<LiveShowRow> {
      const [made] = await db.insert(liveShows).values(row).returning();
      return made;
    },

    async byId(id: string): Promise<LiveShowRow | null> {
      const [row] = await db.select().from(liveShows).where(eq(liveShows.id, id));
      return row ?? null;
    },

    /** The show, locked until the transaction ends: events are numbered one at a time. */
    async lock(id: string): Promise<LiveShowRow | null> {
      const [row] = await db.select().from(liveShows).where(eq(liveShows.id, id)).for('update');
      return row ?? null;
    },

    async withOwner(id: string): Promise<ShowWithOwner | null> {
      const [row] = await withOwner().where(eq(liveShows.id, id));
      return row ?? null;
    },

    async liveOfAgent(agentId: string): Promise<ShowWithOwner | null> {
      const [row] = await withOwner().where(and(eq(liveShows.agentId, agentId), eq(liveShows.state, 'live')));
      return row ?? null;
    },

    /** Shows on now, most watched first, leaving out owners across a block with the viewer. */
    live: (viewerId: string | null, after: ScorePosition | null, limit: number): Promise<ShowWithOwner[]> =>
      withOwner()
        .where(
          and(
            eq(liveShows.state, 'live'),
            notBlocked(viewerId, liveShows.ownerId),
            after
              ? sql`(${liveShows.viewers}::double precision, ${liveShows.startedAt}, ${liveShows.id}) < (${after.score}::double precision, ${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(liveShows.viewers), desc(liveShows.startedAt), desc(liveShows.id))
        .limit(limit + 1),

    /** Shows still on, with their agents: a starting server takes up their talk again, the sweep looks for agents gone. */
    liveShows: (): Promise<Array<{ id: string; agentId: string }>> => db.select({ id: liveShows.id, agentId: liveShows.agentId }).from(liveShows).where(eq(liveShows.state, 'live')),

    async update(id: string, set: Partial<LiveShowRow>): Promise<LiveShowRow | null> {
      const [row] = await db.update(liveShows).set(set).where(eq(liveShows.id, id)).returning();
      return row ?? null;
    },

    /** Ends a show still on; null when it was over already. */
    async end(id: string, at: Date): Promise<LiveShowRow | null> {
      const [row] = await db
        .update(liveShows)
        .set({ state: 'ended', endedAt: at, viewers: 0 })
        .where(and(eq(liveShows.id, id), eq(liveShows.state, 'live')))
        .returning();
      return row ?? null;
    },

    /** The viewers counted now, the peak kept, and when someone was last watching. */
    async setViewers(id: string, viewers: number): Promise<void> {
      await db
        .update(liveShows)
        .set({ viewers, peakViewers: sql`greatest(${liveShows.peakViewers}, ${viewers})`, ...(viewers > 0 ? { watchedAt: sql`now()` } : {}) })
        .where(and(eq(liveShows.id, id), eq(liveShows.state, 'live')));
    },

    /** Shows still on that nobody has watched for `idleMs`. */
    unwatched: async (idleMs: number): Promise<string[]> =>
      (
        await db
          .select({ id: liveShows.id })
          .from(liveShows)
          .where(and(eq(liveShows.state, 'live'), sql`${liveShows.watchedAt} < now() - make_interval(secs => ${idleMs / 1000})`))
      ).map((r) => r.id),

    /**
     * Adds the show's next event and its counters in one statement, answering null when the show
     * is not on (`whileLive`, the default). The number is taken with the show's row locked until
     * the statement's transaction commits, so a later number is never committed before an earlier
     * one; called last in a transaction (or on its own), the lock is held for as short as it can be.
     * A person's key used twice fails the whole statement (the unique index), so no number is lost.
     */
    async append(
      showId: string,
      event: { kind: LiveEventKind; userId: string | null; body: Record<string, unknown>; clientKey?: string | null },
      counters: ShowCounters = {},
      whileLive = true,
    ): Promise<LiveEventRow | null> {
      const bump = Object.entries(counters).map(([k, v]) => sql`, ${sql.identifier(liveShows[k as keyof ShowCounters].name)} = ${sql.identifier(liveShows[k as keyof ShowCounters].name)} + ${v}`);
      const rows = await db.execute<Record<string, unknown>>(sql`
        with numbered as (
          update ${liveShows} set last_seq = last_seq + 1${sql.join(bump, sql``)}
          where id = ${showId}${whileLive ? sql` and state = 'live'` : sql``}
          returning last_seq
        )
        insert into ${liveEvents} (show_id, seq, kind, user_id, body, client_key)
        select ${showId}, last_seq, ${event.kind}, ${event.userId}, ${JSON.stringify(event.body)}::jsonb, ${event.clientKey ?? null} from numbered
        returning show_id, seq, kind, user_id, body, client_key, deleted, created_at`);
      const [row] = rows.rows;
      if (!row) return null;
      return {
        showId: row.show_id as string,
        seq: row.seq as number,
        kind: row.kind as LiveEventKind,
        userId: row.user_id as string | null,
        body: row.body as Record<string, unknown>,
        clientKey: row.client_key as string | null,
        deleted: row.deleted as boolean,
        createdAt: new Date(row.created_at as string),
      };
    },

    /** The event a person's key made before (a retried request). */
    async byClientKey(showId: string, userId: string, clientKey: string): Promise<LiveEventRow | null> {
      const [row] = await db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.showId, showId), eq(liveEvents.userId, userId), eq(liveEvents.clientKey, clientKey)));
      return row ?? null;
    },

    async event(showId: string, seq: number): Promise<LiveEventRow | null> {
      const [row] = await db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.showId, showId), eq(liveEvents.seq, seq)));
      return row ?? null;
    },

    async markDeleted(showId: string, seq: number): Promise<void> {
      await db
        .update(liveEvents)
        .set({ deleted: true })
        .where(and(eq(liveEvents.showId, showId), eq(liveEvents.seq, seq)));
    },

    /** Events after `after` (up to `through` when given), oldest first, with their people. */
    events: (showId: string, after: number, limit: number, through?: number): Promise<EventWithPerson[]> =>
      db
        .select({ event: liveEvents, user: person })
        .from(liveEvents)
        .leftJoin(users, eq(users.id, liveEvents.userId))
        .where(and(eq(liveEvents.showId, showId), gt(liveEvents.seq, after), through === undefined ? undefined : lte(liveEvents.seq, through)))
        .orderBy(asc(liveEvents.seq))
        .limit(limit) as Promise<EventWithPerson[]>,

    /** Events of some kinds after a seq and since a time, oldest first: what the agent has not reacted to yet. */
    pending: (showId: string, kind: 'chat' | 'gift', after: number, since: Date, limit: number): Promise<EventWithPerson[]> =>
      db
        .select({ event: liveEvents, user: person })
        .from(liveEvents)
        .leftJoin(users, eq(users.id, liveEvents.userId))
        .where(and(eq(liveEvents.showId, showId), eq(liveEvents.kind, kind), gt(liveEvents.seq, after), gt(liveEvents.createdAt, since), eq(liveEvents.deleted, false)))
        .orderBy(asc(liveEvents.seq))
        .limit(limit) as Promise<EventWithPerson[]>,

    async member(showId: string, userId: string): Promise<LiveMemberRow | null> {
      const [row] = await db
        .select()
        .from(liveMembers)
        .where(and(eq(liveMembers.showId, showId), eq(liveMembers.userId, userId)));
      return row ?? null;
    },

    /** Records that a person came in; true when it is their first time in this show. */
    async join(showId: string, userId: string): Promise<boolean> {
      const rows = await db.insert(liveMembers).values({ showId, userId }).onConflictDoNothing().returning({ userId: liveMembers.userId });
      return rows.length > 0;
    },

    async setMember(showId: string, userId: string, set: Partial<Pick<LiveMemberRow, 'muted' | 'removed' | 'lastChatAt' | 'greeted'>>): Promise<void> {
      await db
        .insert(liveMembers)
        .values({ showId, userId, ...set })
        .onConflictDoUpdate({ target: [liveMembers.showId, liveMembers.userId], set });
    },

    /** People who came in and were not greeted yet, first come first, with their names. */
    ungreeted: (showId: string, limit: number) =>
      db
        .select(person)
        .from(liveMembers)
        .innerJoin(users, eq(users.id, liveMembers.userId))
        .where(and(eq(liveMembers.showId, showId), eq(liveMembers.greeted, false), eq(liveMembers.removed, false)))
        .orderBy(asc(liveMembers.joinedAt))
        .limit(limit),

    async markGreeted(showId: string, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .update(liveMembers)
        .set({ greeted: true })
        .where(and(eq(liveMembers.showId, showId), sql`${liveMembers.userId} in ${userIds}`));
    },

    async addGiver(showId: string, userId: string, given: { diamonds: number; points: number; gifts: number }): Promise<void> {
      await db
        .insert(liveGivers)
        .values({ showId, userId, ...given })
        .onConflictDoUpdate({
          target: [liveGivers.showId, liveGivers.userId],
          set: {
            diamonds: sql`${liveGivers.diamonds} + excluded.diamonds`,
            points: sql`${liveGivers.points} + excluded.points`,
            gifts: sql`${liveGivers.gifts} + excluded.gifts`,
          },
        });
    },

    /** The show's top givers: diamonds, then points, then gifts. */
    board: (showId: string, limit: number) =>
      db
        .select({ user: person, diamonds: liveGivers.diamonds, points: liveGivers.points, gifts: liveGivers.gifts })
        .from(liveGivers)
        .innerJoin(users, eq(users.id, liveGivers.userId))
        .where(eq(liveGivers.showId, showId))
        .orderBy(desc(liveGivers.diamonds), desc(liveGivers.points), desc(liveGivers.gifts), asc(users.id))
        .limit(limit),

    /** Which of these addresses a show still names (a cover, a spoken line, a dance made for a song). */
    async referencedUrls(urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const covers = await db.select({ url: liveShows.cover }).from(liveShows).where(sql`${liveShows.cover} in ${urls}`);
      const lines = await db
        .select({ url: sql<string>`${liveEvents.body}->>'audio'` })
        .from(liveEvents)
        .where(and(eq(liveEvents.kind, 'agent'), sql`${liveEvents.body}->>'audio' in ${urls}`));
      const dances = await db.select({ url: sql<string>`track->>'dance'` }).from(sql`${liveShows}, jsonb_array_elements(${liveShows.playlist}) as track`).where(sql`track->>'dance' in ${urls}`);
      return new Set([...covers, ...lines, ...dances].map((r) => r.url).filter((u): u is string => u !== null));
    },
  };
}

export type LiveRepository = ReturnType<typeof liveRepository>;
