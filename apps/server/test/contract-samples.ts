// Valid-looking inputs made from a call's own schema, for tests that walk the whole contract.
import type { z } from 'zod';

/** Where a value sits in an input, as keys and indexes. */
export type InputPath = Array<string | number>;

/** Picks the value of a UUID field from its key (`agentId`, `ids`, …). */
export type IdFor = (key: string) => string;

/**
 * One input the schema accepts (or nearly: rules like "a real image" are the server's): every
 * optional field present, so each string of the call is in it. A `cursor` is left out
 * (only the server makes them); UUIDs come from `idFor`, so they can name real rows.
 */
export function sampleInput(schema: z.ZodType, idFor: IdFor, strings: (key: string) => string | undefined = () => undefined): unknown {
  const sample = (s: z.ZodType, key: string): unknown => {
    const def = s._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    switch (def.type) {
      case 'object':
        return Object.fromEntries(
          Object.entries((s as z.ZodObject).shape)
            .filter(([name]) => name !== 'cursor')
            .map(([name, field]) => [name, sample(field as z.ZodType, name)]),
        );
      case 'optional':
      case 'nullable':
      case 'default':
        return sample(def.innerType as z.ZodType, key);
      case 'pipe':
        return sample(def.in as z.ZodType, key);
      case 'array':
        return [sample(def.element as z.ZodType, key)];
      // one object per kind (creation/create): the first kind stands for all
      case 'union':
        return sample((def.options as z.ZodType[])[0]!, key);
      case 'literal':
        return (def.values as unknown[])[0];
      case 'enum':
        return Object.values(def.entries as Record<string, string>)[0];
      case 'boolean':
        return false;
      case 'number': {
        const n = s as z.ZodNumber;
        return Math.max(n.minValue ?? 1, Math.min(n.maxValue ?? 1, 1));
      }
      case 'string': {
        const str = s as z.ZodString;
        if (str.format === 'uuid') return idFor(key);
        return strings(key) ?? 'Nova'.padEnd(str.minLength ?? 0, 'a');
      }
      default:
        throw new Error(`no sample for a ${def.type} (${key})`);
    }
  };
  return sample(schema, '');
}

/** Every string in a value with its path, depth first. */
export function stringsIn(value: unknown, path: InputPath = []): Array<{ path: InputPath; value: string }> {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsIn(item, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...path, key]));
  return [];
}

/** A copy of `value` with the string at `path` replaced. */
export function withString(value: unknown, path: InputPath, replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withString(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withString(record[head], rest, replacement) };
}

/** Whether a schema has a string anywhere (enums and UUIDs included). */
export function hasStrings(schema: z.ZodType): boolean {
  return stringsIn(sampleInput(schema, () => '00000000-0000-4000-8000-000000000000')).length > 0;
}
