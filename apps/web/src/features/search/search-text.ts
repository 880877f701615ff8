import { SEARCH_QUERY_MAX, SearchQuery } from '@starlit/contract';

/** The search text as the server will read it (trimmed, control characters gone), or null when it would be refused. */
export function searchText(raw: string | null): string | null {
  if (raw === null) return null;
  const parsed = SearchQuery.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The address of the results page for a text typed in the box: trimmed, cut to the limit. */
export function searchAddress(raw: string, type: string | null = null): string | null {
  const text = searchText(Array.from(raw.trim()).slice(0, SEARCH_QUERY_MAX).join(''));
  if (text === null) return null;
  const params = new URLSearchParams({ q: text });
  if (type && type !== 'works') params.set('type', type);
  return `/search?${params}`;
}
