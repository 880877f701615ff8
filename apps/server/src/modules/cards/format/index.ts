/** Character cards: the library the cards service uses for import and export (docs/cards.md). */
export { exportCardCharx, exportCardJson, exportCardPng, placeholderAvatar } from './export.ts';
export { keptAssetPaths } from './assets.ts';
export { importCard } from './import.ts';
export type { ExportSpec } from './mapping.ts';
export {
  CARD_ERROR_CODES,
  CardError,
  MAX_CARD_BYTES,
  MAX_UNCOMPRESSED_BYTES,
  emptyExtra,
  type CardAgent,
  type CardAssetFile,
  type CardAvatarKind,
  type CardErrorCode,
  type CardExtra,
  type CardGender,
  type CardSpec,
  type CardVoice,
  type ImportedCard,
} from './types.ts';
