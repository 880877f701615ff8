import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many distinct statements one process prepares. The app's own query texts are a few
 * hundred; the cap keeps a text built from unbounded input (a list of n placeholders for any
 * n) from growing every connection's set of statements on the server without end.
 */
const MAX_PREPARED = 2000;

const names = new Map<string, string>();

/** The statement name of a query text, or undefined once the cap is reached for new texts. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_PREPARED) return known;
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };

/** A plain query config; a submittable (a cursor, a stream) keeps its own prototype and is left alone. */
function isConfig(value: unknown): value is QueryConfig {
  return typeof value === 'object' && value !== null && typeof (value as QueryConfig).text === 'string' && typeof (value as QueryConfig).submit !== 'function';
}

/** The query as pg should send it: a parameterised text gets its statement's name, anything else goes as it came. */
function named(config: unknown, values: unknown): unknown {
  const params = Array.isArray(values) ? values : isConfig(config) ? config.values : undefined;
  if (!params || params.length === 0) return config;
  if (typeof config === 'string') {
    const name = statementName(config);
    return name ? { text: config, name } : config;
  }
  if (isConfig(config) && config.name === undefined) {
    const name = statementName(config.text);
    return name ? { ...config, name } : config;
  }
  return config;
}

/**
 * A node-postgres client that prepares every parameterised statement once per connection
 * (docs/decisions/0018-feed-latency.md). PostgreSQL then parses and plans a feed's
 * query once instead of on every call: planning cost more than running for most of the app's
 * index-driven reads. Statements without parameters (DDL, migrations, several statements in
 * one text) go through unchanged, as they cannot be prepared.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // every form of pg's query (promise, callback, submittable) keeps its own arguments; only the first may gain a name
    const send = this.query.bind(this) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    this.query = ((config: unknown, values?: unknown, callback?: unknown) => send(named(config, values), values, callback)) as pg.Client['query'];
  }
}
