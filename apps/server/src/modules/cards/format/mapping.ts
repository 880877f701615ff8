import { exportAssets, importAssets } from './assets.ts';
import { isRecord, readStarlit, writeStarlit } from './starlit-extension.ts';
import { CardError, type CardAgent, type CardSpec } from './types.ts';

/** Card JSON (V1, V2, V3) to CardAgent and back; the mapping is documented in docs/cards.md. */

/** V1's flat fields; V2 and V3 moved them into `data`, some tools still mirror them on top. */
const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'];
/** `data` fields Starlit reads into CardAgent. */
const MAPPED_FIELDS = ['name', 'description', 'first_mes', 'creator_notes', 'tags', 'extensions'];
/** Fields V3 added to `data`: written only in V3, since a V2 reader would not expect them. */
const V3_ONLY_FIELDS = ['group_only_greetings', 'assets', 'nickname', 'creator_notes_multilingual', 'source', 'creation_date', 'modification_date'];

/** V2's required fields Starlit does not map, at the value an export writes when there is none. */
const V2_DEFAULTS: Record<string, unknown> = {
  personality: '',
  scenario: '',
  mes_example: '',
  system_prompt: '',
  post_history_instructions: '',
  alternate_greetings: [],
  creator: '',
  character_version: '',
};
const V3_DEFAULTS: Record<string, unknown> = { group_only_greetings: [] };

export type ExportSpec = 'v2' | 'v3';

/**
 * The keys the specs require of a lorebook entry, at the value written when a kept entry
 * lacks one (cards from lenient tools often do). V3 adds `use_regex`; both require
 * `extensions` on the book and on every entry.
 */
const ENTRY_DEFAULTS: Record<ExportSpec, Record<string, unknown>> = {
  v2: { keys: [], content: '', extensions: {}, enabled: true, insertion_order: 0 },
  v3: { keys: [], content: '', extensions: {}, enabled: true, insertion_order: 0, use_regex: false },
};

/** The kept lorebook with every key its spec requires; values present are written unchanged. */
function lorebook(book: Record<string, unknown>, spec: ExportSpec): Record<string, unknown> {
  const entries = Array.isArray(book.entries) ? book.entries : [];
  return {
    ...book,
    extensions: isRecord(book.extensions) ? book.extensions : {},
    entries: entries.map((entry) => (isRecord(entry) ? { ...ENTRY_DEFAULTS[spec], ...entry, ...(isRecord(entry.extensions) ? {} : { extensions: {} }) } : entry)),
  };
}

function omit(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  // Object.fromEntries defines properties, so a "__proto__" key stays data and never a prototype
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

const isDefault = (key: string, value: unknown) => (Object.hasOwn(V2_DEFAULTS, key) || Object.hasOwn(V3_DEFAULTS, key)) && (value === '' || (Array.isArray(value) && value.length === 0));

/**
 * The card's JSON object. `iconUri` is where the V3 main icon lives (null: the card has no
 * image); the V2 object ignores it.
 */
export function cardJson(agent: CardAgent, spec: ExportSpec, iconUri: string | null, hasFile: (path: string) => boolean = () => false): Record<string, unknown> {
  const { extensions: others, ...kept } = spec === 'v2' ? omit(agent.extra.data, V3_ONLY_FIELDS) : agent.extra.data;
  const mapped = {
    name: agent.nickname,
    description: agent.roleSetting,
    first_mes: agent.opening,
    creator_notes: agent.roleIntro,
    tags: [...agent.tags],
  };
  return {
    ...agent.extra.topLevel,
    spec: spec === 'v2' ? 'chara_card_v2' : 'chara_card_v3',
    spec_version: spec === 'v2' ? '2.0' : '3.0',
    data: {
      ...mapped,
      ...V2_DEFAULTS,
      ...(spec === 'v3' ? V3_DEFAULTS : {}),
      ...kept,
      ...(isRecord(kept.character_book) ? { character_book: lorebook(kept.character_book, spec) } : {}),
      extensions: { ...(isRecord(others) ? others : {}), starlit: writeStarlit(agent) },
      ...(spec === 'v3' ? { assets: exportAssets(kept.assets, iconUri, hasFile) } : {}),
      // again last, so that nothing in extra can shadow the agent
      ...mapped,
    },
  };
}

function specOf(card: Record<string, unknown>): CardSpec {
  const { spec, spec_version: version } = card;
  if (spec === 'chara_card_v2') return 'v2';
  // V3 readers accept any 3.x (the spec promises minor versions stay compatible)
  if (spec === 'chara_card_v3') {
    if (version === undefined || (typeof version === 'string' && /^3(\.|$)/.test(version))) return 'v3';
    throw new CardError('unsupported_spec', `Card spec version ${String(version)} is not supported (3.x is).`);
  }
  if (spec !== undefined) throw new CardError('unsupported_spec', `Card spec ${JSON.stringify(spec).slice(0, 40)} is not supported.`);
  if (typeof card.name === 'string' && (typeof card.first_mes === 'string' || typeof card.description === 'string')) return 'v1';
  throw new CardError('not_a_card', 'The JSON is not a character card: it has no spec and no V1 name and description or first message.');
}

function text(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new CardError('invalid_card', `The card's ${key} is not text.`);
  return value;
}

function tags(data: Record<string, unknown>): string[] {
  if (data.tags === undefined) return [];
  if (!Array.isArray(data.tags) || !data.tags.every((tag) => typeof tag === 'string')) {
    throw new CardError('invalid_card', "The card's tags are not a list of texts.");
  }
  return [...data.tags];
}

export interface MappedCard {
  agent: CardAgent;
  sourceSpec: CardSpec;
  warnings: string[];
  /** Assets whose files could not come along (type/name each). */
  assetsLeftOut: string[];
}

/**
 * The agent a parsed card JSON describes; anything that is not a V1, V2 or V3 card is a
 * CardError. `hasFile` says whether the card's archive holds a file (never, outside a CHARX).
 */
export function agentFromJson(card: unknown, hasFile: (path: string) => boolean = () => false): MappedCard {
  if (!isRecord(card)) throw new CardError('not_a_card', 'The JSON is not a character card: it is not an object.');
  const sourceSpec = specOf(card);
  const warnings: string[] = [];
  const data = sourceSpec === 'v1' ? Object.fromEntries(V1_FIELDS.filter((k) => Object.hasOwn(card, k)).map((k) => [k, card[k]])) : card.data;
  if (!isRecord(data)) throw new CardError('invalid_card', 'The card has no data object.');
  if (typeof data.name !== 'string') throw new CardError('invalid_card', 'The card has no name.');
  const topLevel = omit(card, sourceSpec === 'v1' ? V1_FIELDS : ['spec', 'spec_version', 'data', ...V1_FIELDS]);

  let extensions = data.extensions;
  if (extensions !== undefined && !isRecord(extensions)) {
    warnings.push("The card's extensions are not an object; not imported.");
    extensions = undefined;
  }
  const starlit = readStarlit(isRecord(extensions) ? extensions.starlit : undefined, warnings);
  const others = isRecord(extensions) ? omit(extensions, ['starlit']) : {};

  const extra = Object.entries(omit(data, MAPPED_FIELDS)).filter(([key, value]) => !isDefault(key, value));
  const { kept: assets, leftOut: assetsLeftOut } = importAssets(data.assets, warnings, hasFile);
  const extraData = Object.fromEntries([...extra.filter(([key]) => key !== 'assets'), ...(assets ? [['assets', assets]] : []), ...(Object.keys(others).length > 0 ? [['extensions', others]] : [])]);

  let roleIntro = text(data, 'creator_notes');
  if (sourceSpec === 'v1' && typeof data.personality === 'string' && data.personality !== '') {
    // V1 has no creator notes; its personality summary is the nearest thing to an intro
    roleIntro = data.personality;
    warnings.push("The role intro was taken from the V1 card's personality.");
  }
  const agent: CardAgent = {
    nickname: data.name,
    roleSetting: text(data, 'description'),
    roleIntro,
    opening: text(data, 'first_mes'),
    tags: tags(data),
    ...starlit,
    extra: { topLevel, data: extraData },
  };
  return { agent, sourceSpec, warnings, assetsLeftOut };
}
