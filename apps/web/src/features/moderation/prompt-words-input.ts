/**
 * The words an admin typed into the box: one a line or separated by commas (also the full-width
 * ，and the enumeration comma 、 zh_TW writers use), trimmed, empty ones dropped. The server
 * normalises and drops duplicates.
 */
export function splitWords(text: string): string[] {
  return text
    .split(/[\n,，、]+/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}
