/** Markup that is already safe to send; anything else interpolated into {@link html} is escaped. */
export class Html {
  constructor(readonly value: string) {}
}

type Part = Html | string | number | null | undefined | false | Part[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return String(part).replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/** A template literal tag that escapes every interpolated value unless it is {@link Html}. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}
