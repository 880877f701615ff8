import { isRecord, preview } from './starlit-extension.ts';

/**
 * V3 `assets`. The main icon is the agent's avatar, so it is rebuilt on every export rather
 * than kept; assets whose files live inside the card (CHARX entries, RisuAI PNG chunks) are
 * not carried by Starlit, so they are left out with a warning instead of kept as dangling links.
 */

/** The V3 spec spells it this way; "embedded://" is accepted too. */
const EMBEDDED_PREFIXES = ['embeded://', 'embedded://'];
/** RisuAI's PNG-embedded assets (`chara-ext-asset_:N` chunks), which Starlit does not read. */
const PNG_ASSET_PREFIX = '__asset:';
export const DEFAULT_ICON_URI = 'ccdefault:';
export const CHARX_ICON_PATH = 'assets/icon/images/main.png';
export const CHARX_ICON_URI = `embeded://${CHARX_ICON_PATH}`;

const isIcon = (asset: unknown): asset is Record<string, unknown> => isRecord(asset) && asset.type === 'icon';
const isMainIcon = (asset: unknown) => isIcon(asset) && asset.name === 'main';
const uriOf = (asset: unknown) => (isRecord(asset) && typeof asset.uri === 'string' ? asset.uri : '');
const isEmbedded = (uri: string) => EMBEDDED_PREFIXES.some((prefix) => uri.startsWith(prefix)) || uri.startsWith(PNG_ASSET_PREFIX);

/** The zip path of the card's main icon (the first icon when none is named main), or null. */
export function mainIconPath(assets: unknown): string | null {
  if (!Array.isArray(assets)) return null;
  const uri = uriOf(assets.find(isMainIcon) ?? assets.find(isIcon));
  const prefix = EMBEDDED_PREFIXES.find((p) => uri.startsWith(p));
  return prefix ? uri.slice(prefix.length) : null;
}

/** The assets to keep in `extra`, or undefined when nothing is left to keep. */
export function importAssets(assets: unknown, warnings: string[]): unknown[] | undefined {
  if (assets === undefined) return undefined;
  if (!Array.isArray(assets)) {
    warnings.push(`The card's assets are not a list (${preview(assets)}); not imported.`);
    return undefined;
  }
  const kept: unknown[] = [];
  const left: string[] = [];
  for (const asset of assets) {
    const uri = uriOf(asset);
    if (isMainIcon(asset) && (uri === DEFAULT_ICON_URI || isEmbedded(uri))) continue;
    if (isEmbedded(uri)) left.push(isRecord(asset) ? `${String(asset.type)}/${String(asset.name)}` : uri);
    else kept.push(asset);
  }
  if (left.length > 0) warnings.push(`Assets stored inside the card file were not imported: ${left.join(', ')}.`);
  return kept.length > 0 ? kept : undefined;
}

/** The assets to write: the kept ones, after the main icon at `iconUri` unless one was kept. */
export function exportAssets(kept: unknown, iconUri: string | null): unknown[] {
  const assets = Array.isArray(kept) ? kept : [];
  if (iconUri === null || assets.some(isMainIcon)) return assets;
  return [{ type: 'icon', uri: iconUri, name: 'main', ext: 'png' }, ...assets];
}
