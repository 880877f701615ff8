import fc from 'fast-check';
import type { CardAgent, CardExtra } from './types.ts';

/**
 * fast-check generators of agents for the card property tests. Extras use every field the
 * V2 and V3 specs define with non-default values (an empty default is not kept, since export
 * writes it anyway) and unknown keys with arbitrary JSON values.
 */

const KNOWN_FIELDS = new Set([
  'spec',
  'spec_version',
  'data',
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'character_book',
  'tags',
  'creator',
  'character_version',
  'extensions',
  'group_only_greetings',
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'creation_date',
  'modification_date',
]);

// binary units include lone surrogates and astral characters: the texts that break naive encoders
const text = fc.string({ unit: 'binary', maxLength: 60 });
const nonEmpty = fc.string({ unit: 'binary', minLength: 1, maxLength: 60 });
// keys that are also Object.prototype's, which naive copying turns into prototype changes
const trapKey = fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty');
const key = fc.oneof(
  trapKey,
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }).filter((k) => !KNOWN_FIELDS.has(k)),
);
// through JSON once, so that -0 and friends are what a parser gives back
const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const unknownFields = fc.dictionary(key, json, { maxKeys: 4 });

const lorebookEntry = fc.record({
  keys: fc.array(text, { maxLength: 3 }),
  content: text,
  extensions: unknownFields,
  enabled: fc.boolean(),
  insertion_order: fc.integer(),
  // required by V3 (a V3 export adds it to entries that lack it, so a kept entry has it)
  use_regex: fc.boolean(),
});

const v2Fields = fc.record(
  {
    personality: nonEmpty,
    scenario: nonEmpty,
    mes_example: nonEmpty,
    system_prompt: nonEmpty,
    post_history_instructions: nonEmpty,
    alternate_greetings: fc.array(text, { minLength: 1, maxLength: 3 }),
    character_book: fc.record({ name: text, extensions: unknownFields, entries: fc.array(lorebookEntry, { maxLength: 3 }) }),
    creator: nonEmpty,
    character_version: nonEmpty,
    // other tools' extensions; `starlit` is the agent's own and never in extra
    extensions: fc.dictionary(
      key.filter((k) => k !== 'starlit'),
      json,
      { minKeys: 1, maxKeys: 3 },
    ),
  },
  { requiredKeys: [] },
);

const asset = fc.record({
  type: fc.constantFrom('background', 'emotion', 'user_icon', 'x-risu-asset'),
  uri: fc.webUrl(),
  name: text,
  ext: fc.constantFrom('png', 'webp', 'mp3'),
});

const v3Fields = fc.record(
  {
    group_only_greetings: fc.array(text, { minLength: 1, maxLength: 3 }),
    assets: fc.array(asset, { minLength: 1, maxLength: 3 }),
    nickname: text,
    creator_notes_multilingual: fc.dictionary(fc.constantFrom('en', 'ja', 'zh-TW'), text),
    source: fc.array(fc.webUrl(), { maxLength: 2 }),
    creation_date: fc.integer({ min: 0 }),
    modification_date: fc.integer({ min: 0 }),
  },
  { requiredKeys: [] },
);

function extra(withV3: boolean): fc.Arbitrary<CardExtra> {
  const data = fc.tuple(unknownFields, v2Fields, withV3 ? v3Fields : fc.constant({})).map(([unknown, v2, v3]) => ({ ...unknown, ...v2, ...v3 }));
  return fc.record({ topLevel: unknownFields, data });
}

/** Agents whose extras hold V3-only fields too (for PNG, V3 JSON and CHARX), or not (V2 JSON). */
export function cardAgent(withV3: boolean): fc.Arbitrary<CardAgent> {
  return fc.record({
    nickname: text,
    gender: fc.constantFrom('Unknown', 'Male', 'Female'),
    // longer than Starlit allows: the library must hand back every character
    roleSetting: fc.string({ unit: 'binary', maxLength: 1500 }),
    roleIntro: text,
    opening: text,
    tags: fc.array(text, { maxLength: 8 }),
    skills: fc.array(text, { maxLength: 4 }),
    voices: fc.array(
      fc.record({
        voiceId: text,
        pitch: fc.integer({ min: -12, max: 12 }),
        volume: fc.integer({ min: 0, max: 100 }),
        speed: fc.double({ min: 0.5, max: 2, noNaN: true }),
      }),
      { maxLength: 4 },
    ),
    avatarKind: fc.constantFrom('2d', '3d', null),
    extra: extra(withV3),
  });
}
