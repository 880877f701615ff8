import type { CardFormat } from '@starlit/contract';

/** The formats offered by "Export card", in menu order. */
export const EXPORT_FORMATS: readonly CardFormat[] = ['png', 'json', 'charx'];

/** What the file picker accepts; the server still tells formats apart by content. */
export const CARD_ACCEPT = '.png,.json,.charx,image/png,application/json,application/zip';

/** Bytes of base64 text as a Blob of the given type. */
export function base64ToBlob(base64: string, contentType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}

/** Saves a Blob under a file name through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoking at once can cancel the download in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
