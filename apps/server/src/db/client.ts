import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared.ts';
import * as schema from './schema/index.ts';

/**
 * The database handle every repository takes. PGlite and node-postgres share Drizzle's
 * PostgreSQL query builder, so business code is written once against this type.
 */
export type Db = NodePgDatabase<typeof schema>;

/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a repository runs its queries on: the database, or a transaction a service opened. */
export type Handle = Db | Tx;

/**
 * Runs `fn` in the caller's transaction when it passes one, else in a new one: a service
 * method is all or nothing on its own and part of its caller's unit when called inside one.
 * Inside `fn` every query must use `tx`: on PGlite a query on the database itself waits
 * for the transaction to end, which never comes (docs/ARCHITECTURE.md, Transactions).
 */
export function withTx<T>(db: Db, outer: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return outer ? fn(outer) : db.transaction(fn);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL at `databaseUrl`, or PGlite in `pgliteDir` (a folder, or null for memory),
 * and applies the committed migrations.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  /** Told when an idle connection breaks (server restart); the pool replaces it. */
  onIdleError?: (err: Error) => void;
  /** Named prepared statements (default); off behind a pooler that cannot keep them (DATABASE_PREPARE=0). */
  prepare?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, Client: opts.prepare === false ? pg.Client : PreparingClient });
    // without a listener a broken idle connection would crash the process
    pool.on('error', opts.onIdleError ?? ((err) => console.warn(`database: idle connection lost: ${err.message}`)));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  const pgliteDb = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder });
  // Same query builder, different driver type parameter (see Db above).
  const db = pgliteDb as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
