import { isRecord, preview } from './starlit-extension.ts';

/**
 * V3 `assets`. The main icon is the agent's avatar, so it is rebuilt on every export rather
 * than kept. Other assets whose files are inside a CHARX (emotion sprites, backgrounds, …)
 * are kept with their files, which the importer hands back for storage and a CHARX export
 * writes back at the same path. Files Starlit cannot carry (RisuAI's PNG chunks, an
 * `embeded://` link in a card that has no archive) are left out with a warning and named in
 * `assetsLeftOut`, instead of kept as dangling links.
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

/** The archive path an `embeded://` URI names, or null for any other URI. */
export function embeddedPath(uri: string): string | null {
  const prefix = EMBEDDED_PREFIXES.find((p) => uri.startsWith(p));
  return prefix ? uri.slice(prefix.length) : null;
}

/** A relative path that stays inside the archive when extracted, and is not the card itself. */
const isSafePath = (path: string) =>
  path !== 'card.json' && path.length <= 512 && !path.startsWith('/') && !path.includes('\\') && !path.includes('\0') && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

/** The archive paths of the assets kept with their files (every embedded one but the main icon). */
export function keptAssetPaths(assets: unknown): string[] {
  if (!Array.isArray(assets)) return [];
  return assets.flatMap((asset) => {
    const path = embeddedPath(uriOf(asset));
    return path !== null && isSafePath(path) && !isMainIcon(asset) ? [path] : [];
  });
}

/** The zip path of the card's main icon (the first icon when none is named main), or null. */
export function mainIconPath(assets: unknown): string | null {
  if (!Array.isArray(assets)) return null;
  const uri = uriOf(assets.find(isMainIcon) ?? assets.find(isIcon));
  const prefix = EMBEDDED_PREFIXES.find((p) => uri.startsWith(p));
  return prefix ? uri.slice(prefix.length) : null;
}

const nameOf = (asset: unknown) => (isRecord(asset) ? `${String(asset.type)}/${String(asset.name)}` : uriOf(asset));

/**
 * The assets to keep in `extra` (undefined when nothing is left to keep) and the names of
 * those left out. `hasFile` says whether the archive holds an embedded asset's file (always
 * false for a PNG or JSON card).
 */
export function importAssets(assets: unknown, warnings: string[], hasFile: (path: string) => boolean): { kept: unknown[] | undefined; leftOut: string[] } {
  if (assets === undefined) return { kept: undefined, leftOut: [] };
  if (!Array.isArray(assets)) {
    warnings.push(`The card's assets are not a list (${preview(assets)}); not imported.`);
    return { kept: undefined, leftOut: [] };
  }
  const kept: unknown[] = [];
  const leftOut: string[] = [];
  for (const asset of assets) {
    const uri = uriOf(asset);
    if (isMainIcon(asset) && (uri === DEFAULT_ICON_URI || isEmbedded(uri))) continue;
    const path = embeddedPath(uri);
    if (path !== null ? isSafePath(path) && hasFile(path) : !uri.startsWith(PNG_ASSET_PREFIX)) kept.push(asset);
    else leftOut.push(nameOf(asset));
  }
  if (leftOut.length > 0) warnings.push(`Assets whose files are not in the card could not be imported: ${leftOut.join(', ')}.`);
  return { kept: kept.length > 0 ? kept : undefined, leftOut };
}

/**
 * The assets to write: the kept ones, after the main icon at `iconUri` unless one was kept.
 * Embedded ones are written only when `hasFile` says their file goes with the card (a CHARX).
 */
export function exportAssets(kept: unknown, iconUri: string | null, hasFile: (path: string) => boolean): unknown[] {
  const assets = (Array.isArray(kept) ? kept : []).filter((asset) => {
    const path = embeddedPath(uriOf(asset));
    return path === null || hasFile(path);
  });
  if (iconUri === null || assets.some(isMainIcon)) return assets;
  return [{ type: 'icon', uri: iconUri, name: 'main', ext: 'png' }, ...assets];
}
