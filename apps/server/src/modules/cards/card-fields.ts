import type { CardFields } from '@starlit/contract';
import type { StoredCardExtra } from '../../db/schema/index.ts';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const textsOf = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const entriesOf = (extra: StoredCardExtra): unknown[] => {
  const book = extra.data.character_book;
  return isRecord(book) && Array.isArray(book.entries) ? book.entries : [];
};

/** The card texts the editor shows, read from the kept card (docs/cards.md, "What is kept"). */
export function cardFieldsOf(extra: StoredCardExtra): CardFields {
  return {
    personality: textOf(extra.data.personality),
    scenario: textOf(extra.data.scenario),
    alternateGreetings: textsOf(extra.data.alternate_greetings),
    lorebook: entriesOf(extra).flatMap((entry, index) => (isRecord(entry) ? [{ index, keys: textsOf(entry.keys), content: textOf(entry.content), enabled: entry.enabled !== false }] : [])),
  };
}

/**
 * The kept card with the editor's texts. Texts at their empty default are left out, as import
 * does; a kept lorebook entry keeps every field the editor does not show (its id, priority,
 * extensions…); a new one gets the fields V2 and V3 require.
 */
export function withCardFields(extra: StoredCardExtra, fields: CardFields): StoredCardExtra {
  const data: Json = { ...extra.data };
  const put = (key: string, value: string | string[]) => {
    if (value.length === 0) delete data[key];
    else data[key] = value;
  };
  put('personality', fields.personality);
  put('scenario', fields.scenario);
  put('alternate_greetings', fields.alternateGreetings);
  const kept = entriesOf(extra);
  const entries = fields.lorebook.map((entry, order) => {
    const before = entry.index !== null ? kept[entry.index] : undefined;
    const base = isRecord(before) ? before : { extensions: {}, insertion_order: order, use_regex: false };
    return { ...base, keys: entry.keys, content: entry.content, enabled: entry.enabled };
  });
  const book = data.character_book;
  if (isRecord(book)) data.character_book = { ...book, entries };
  else if (entries.length > 0) data.character_book = { entries, extensions: {} };
  return { topLevel: extra.topLevel, data };
}
