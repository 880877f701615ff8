/**
 * Character cards (SillyTavern, Chub, RisuAI) as plain data: what Starlit keeps of an agent,
 * plus everything else the card carried so that an import followed by an export loses nothing.
 * See docs/cards.md for the field mapping.
 */

export type CardGender = 'Unknown' | 'Male' | 'Female';
export type CardAvatarKind = '2d' | '3d';

export interface CardVoice {
  voiceId: string;
  pitch: number;
  volume: number;
  speed: number;
}

/** Card contents Starlit does not use, kept verbatim (JSON values only). */
export interface CardExtra {
  /** Top-level keys other than `spec`, `spec_version`, `data` and the V1 mirror fields. */
  topLevel: Record<string, unknown>;
  /**
   * `data` keys Starlit does not map (scenario, mes_example, character_book, alternate_greetings,
   * assets, …), with `extensions` holding other tools' extensions (never `starlit`).
   */
  data: Record<string, unknown>;
}

export interface CardAgent {
  nickname: string;
  gender: CardGender;
  roleSetting: string;
  roleIntro: string;
  opening: string;
  tags: string[];
  skills: string[];
  voices: CardVoice[];
  avatarKind: CardAvatarKind | null;
  extra: CardExtra;
}

export type CardSpec = 'v1' | 'v2' | 'v3';

/** A file of the card's archive that a kept asset (`embeded://<path>`) points at. */
export interface CardAssetFile {
  path: string;
  bytes: Buffer;
}

export interface ImportedCard {
  agent: CardAgent;
  /** The card's image (PNG without its card chunks, or the CHARX main icon); null when none. */
  avatar: Buffer | null;
  /** The files of the kept embedded assets (CHARX only), to store and write back on export. */
  assetFiles: CardAssetFile[];
  /** Assets whose files could not be kept (type/name each): the user is told. */
  assetsLeftOut: string[];
  sourceSpec: CardSpec;
  /** Things the user should know (a fallback was used, something could not be imported). */
  warnings: string[];
}

/** Codes the cards service maps to localized messages. */
export const CARD_ERROR_CODES = ['too_large', 'not_a_card', 'corrupt_png', 'corrupt_zip', 'bad_base64', 'bad_json', 'unsupported_spec', 'invalid_card', 'bad_image'] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** A card file bigger than this is refused before any parsing. */
export const MAX_CARD_BYTES = 10 * 1024 * 1024;
/** Bound on what decompression (CHARX entries, compressed iTXt) may produce in total. */
export const MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;
/** A CHARX with more entries than this is refused: a card needs a handful. */
export const MAX_ZIP_ENTRIES = 1000;

export function emptyExtra(): CardExtra {
  return { topLevel: {}, data: {} };
}
