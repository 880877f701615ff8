import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PreparingClient, statementName } from './prepared.ts';

// Prepared statements live on a PostgreSQL server's connection; PGlite runs skip this file's tests.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('prepared statements (PostgreSQL)', () => {
  it('prepares each parameterised text once per connection and leaves the rest alone', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl, max: 1, Client: PreparingClient });
    try {
      const text = 'select $1::int + 1 as n';
      expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect((await pool.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
      // the callback form of pg's query is kept too
      const viaCallback = await new Promise<number>((resolve, reject) => {
        void pool.connect().then((client) =>
          client.query(text, [9], (err: Error | null, result: pg.QueryResult<{ n: number }>) => {
            client.release();
            if (err) reject(err);
            else resolve(result.rows[0].n);
          }),
        );
      });
      expect(viaCallback).toBe(10);
      await pool.query('select 1 as plain');
      const prepared = await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
      expect(prepared.rows).toEqual([{ name: statementName(text), statement: text }]);
    } finally {
      await pool.end();
    }
  });
});
