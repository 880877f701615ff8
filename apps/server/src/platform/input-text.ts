// U+0000, and UTF-16 halves without their other half (JSON's "\ud800" parses to one)
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what PostgreSQL text cannot store
const UNSTORABLE = /[\u0000\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as PostgreSQL can store it: U+0000 removed (text and jsonb cannot hold it, and nobody
 * types one) and lone surrogates replaced by U+FFFD (they have no UTF-8 form; the database
 * driver would replace them anyway, after the length checks).
 */
export function storableText(text: string): string {
  if (!UNSTORABLE.test(text)) return text;
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd');
}

type Container = Record<string, unknown> | unknown[];

/**
 * Makes every string of a parsed request part storable (values and keys, at any depth), in
 * place, without recursion: a deeply nested body cannot overflow the stack. Answers the
 * value itself, or the cleaned string when the whole value is one.
 */
export function storableInput(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (!value || typeof value !== 'object') return value;
  const stack: Container[] = [value as Container];
  for (let container = stack.pop(); container; container = stack.pop()) {
    if (Array.isArray(container)) {
      container.forEach((item, i) => {
        if (typeof item === 'string') container[i] = storableText(item);
        else if (item && typeof item === 'object') stack.push(item as Container);
      });
      continue;
    }
    for (const key of Object.keys(container)) {
      const item = container[key];
      const clean = typeof item === 'string' ? storableText(item) : item;
      if (item && typeof item === 'object') stack.push(item as Container);
      const cleanKey = storableText(key);
      if (cleanKey === key) {
        container[key] = clean;
        continue;
      }
      delete container[key];
      // defined, not assigned: a key that becomes "__proto__" must not set the prototype
      Object.defineProperty(container, cleanKey, { value: clean, enumerable: true, writable: true, configurable: true });
    }
  }
  return value;
}
