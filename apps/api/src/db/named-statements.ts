import { createHash } from 'node:crypto';
import type { Client as PgClient } from 'pg';

/** Distinct statements one connection keeps prepared; past it, new ones are sent unnamed. */
export const NAMED_STATEMENTS_PER_CONNECTION = 500;

type PgClientClass = typeof PgClient;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A node-postgres Client that prepares each parameterised statement once per connection, named by a hash
 * of its text, so PostgreSQL parses it once and may keep its plan. Unnamed, every statement was parsed
 * and planned again on every call: on the write stream of apps/api/bench/live-market.ts planning (the
 * Bind step) took 0.5-1.4 ms of a statement that ran in 0.1, most of PostgreSQL's time per write.
 *
 * Only statements with parameters are named: the app's own SQL always has some, and a script of several
 * statements (which cannot be prepared) has none. A connection stops naming new texts after
 * NAMED_STATEMENTS_PER_CONNECTION, so SQL built with a varying shape cannot grow a backend without bound.
 * Prepared statements survive a rolled-back transaction, and PostgreSQL re-plans them itself after a
 * migration changes a table they read.
 */
export function withNamedStatements(
  Base: PgClientClass,
  limit = NAMED_STATEMENTS_PER_CONNECTION,
): PgClientClass {
  class NamedStatementsClient extends Base {
    /** Statement text to its name: hashing a long text again on every call costs more than a lookup. */
    readonly #named = new Map<string, string>();

    // pg's query() has many overloads; drizzle sends a config object and its values apart.
    override query(...args: unknown[]): never {
      const [first, values] = args;
      // query(text, values) as well as query({ text, ... }, values).
      const config: QueryConfigLike | null =
        typeof first === 'string'
          ? { text: first }
          : first !== null && typeof first === 'object'
            ? first
            : null;
      if (
        config !== null &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        hasValues(config.values ?? values)
      ) {
        const text = config.text;
        let name = this.#named.get(text);
        if (name === undefined && this.#named.size < limit) {
          name = `a${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
          this.#named.set(text, name);
        }
        if (name !== undefined) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  return NamedStatementsClient as unknown as PgClientClass;
}

function hasValues(values: unknown): boolean {
  return Array.isArray(values) && values.length > 0;
}
