/**
 * Just enough of a browser for sign-in flows: fetch with manual redirects and a cookie
 * jar that honours host, path and expiry, plus reading forms out of server-rendered pages.
 */
export interface Page {
  url: URL;
  status: number;
  headers: Headers;
  body: string;
}

interface StoredCookie {
  value: string;
  path: string;
  expires: number | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class Browser {
  /** host → "name path" → cookie */
  private readonly jar = new Map<string, Map<string, StoredCookie & { name: string }>>();

  constructor(private readonly headers: Record<string, string> = {}) {}

  cookie(url: string, name: string): string | undefined {
    return this.matching(new URL(url)).find((c) => c.name === name)?.value;
  }

  setCookie(url: string, name: string, value: string, path = '/') {
    this.store(new URL(url), `${name}=${value}; Path=${path}`);
  }

  /** One request, redirects not followed. */
  async request(url: string | URL, init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<Page> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    const cookies = this.matching(target).map((c) => `${c.name}=${c.value}`);
    if (cookies.length) headers.cookie = cookies.join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(target, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(target, line);
    return { url: target, status: res.status, headers: res.headers, body: await res.text() };
  }

  /** Follows redirects from a response until `stop` says the next address is the app's, or a page is reached. */
  async follow(page: Page, stop: (next: URL) => boolean = () => false): Promise<{ page: Page; next: URL | null }> {
    let current = page;
    for (let hops = 0; hops < 20; hops++) {
      if (!REDIRECTS.has(current.status)) return { page: current, next: null };
      const next = new URL(current.headers.get('location') ?? '', current.url);
      if (stop(next)) return { page: current, next };
      current = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  private matching(url: URL) {
    const now = Date.now();
    return [...(this.jar.get(url.host)?.values() ?? [])].filter(
      (c) => (c.expires === null || c.expires > now) && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
    );
  }

  private store(url: URL, line: string) {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expires: number | null = null;
    for (const attribute of attributes) {
      const [key = '', v = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = v;
      if (key.toLowerCase() === 'max-age') expires = Date.now() + Number(v) * 1000;
      if (key.toLowerCase() === 'expires' && expires === null) expires = Date.parse(v);
    }
    const cookies = this.jar.get(url.host) ?? new Map();
    this.jar.set(url.host, cookies);
    if (expires !== null && expires <= Date.now()) cookies.delete(`${name} ${path}`);
    else cookies.set(`${name} ${path}`, { name, value, path, expires });
  }
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The action and hidden fields of the first form of a page whose action matches. */
export function formOf(html: string, action: string | RegExp): { action: string; fields: Record<string, string> } {
  for (const match of html.matchAll(/<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)) {
    const found = decode(match[1] ?? '');
    if (typeof action === 'string' ? found !== action : !action.test(found)) continue;
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
      const type = /\btype="([^"]*)"/.exec(input[0])?.[1];
      if (name && type === 'hidden') fields[decode(name)] = decode(/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? '');
    }
    return { action: found, fields };
  }
  throw new Error(`no form with action ${String(action)} in:\n${html.slice(0, 2000)}`);
}
