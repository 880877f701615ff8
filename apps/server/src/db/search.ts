/** A table's columns without its search document, which only search queries read. */
export function withoutSearchDoc<T extends Record<string, unknown> & { searchDoc: unknown }>(columns: T): Omit<T, 'searchDoc'> {
  const { searchDoc: _searchDoc, ...rest } = columns;
  return rest;
}
