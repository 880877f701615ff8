import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { Html, html } from './passport.html.ts';
import type { PassportStrings } from './passport.i18n.ts';

// Brand colours of SPEC §9: primary #44367F, deep background #221463, white text on them.
const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans TC","PingFang TC","Microsoft JhengHei",sans-serif;color:#fff;
background:radial-gradient(1px 1px at 12% 18%,#fff8,transparent),radial-gradient(1.5px 1.5px at 78% 12%,#fffa,transparent),radial-gradient(1px 1px at 64% 72%,#fff6,transparent),radial-gradient(1.5px 1.5px at 28% 84%,#fff8,transparent),radial-gradient(1px 1px at 90% 58%,#fff7,transparent),radial-gradient(120% 80% at 50% 0%,#44367F 0%,#221463 62%) fixed,#221463}
.shell{width:min(100%,440px);margin:0 auto;padding:24px 16px 40px;display:flex;flex-direction:column;gap:20px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px}
.wordmark{color:#fff;text-decoration:none;font-weight:800;font-size:28px;letter-spacing:.02em}
.wordmark span{color:#c9bff5;margin-right:6px}
.lang{color:#fff;font-size:14px;padding:6px 12px;border:1px solid #ffffff55;border-radius:999px;text-decoration:none;white-space:nowrap}
.lang:hover,.lang:focus-visible{background:#ffffff1f}
.card{background:#fff;color:#1d1640;border-radius:20px;padding:28px 24px;box-shadow:0 24px 60px #0b052e80}
h1{margin:0 0 4px;font-size:24px;line-height:1.25}
.lead{margin:0 0 20px;color:#5a5378}
form{margin:0}
.field{display:flex;flex-direction:column;gap:6px;margin-bottom:16px}
label{font-weight:600;font-size:14px}
.hint{font-size:13px;color:#6d6789}
input[type=text],input[type=password]{width:100%;font:inherit;color:#1d1640;padding:11px 14px;border:1.5px solid #d7d3ea;border-radius:12px;background:#faf9ff}
input:focus{outline:none;border-color:#44367F;box-shadow:0 0 0 3px #44367F33;background:#fff}
.button{display:block;width:100%;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer;padding:12px 16px;border-radius:12px;border:1.5px solid #44367F;background:#44367F;color:#fff}
.button:hover,.button:focus-visible{background:#362a69;outline:none;box-shadow:0 0 0 3px #44367F55}
.button.secondary{background:#fff;color:#44367F}
.button.secondary:hover,.button.secondary:focus-visible{background:#f1eefc}
.button.danger{background:#fff;color:#a01b2c;border-color:#e7b6bd}
.stack{display:flex;flex-direction:column;gap:12px}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:12px;background:#fdecee;color:#8c1626;border:1px solid #f3c2c9;font-size:14px}
.alert p{margin:0}.alert p+p{margin-top:4px}
.switch{margin:20px 0 0;text-align:center;font-size:14px;color:#5a5378}
.switch a,.card a.link{color:#44367F;font-weight:700}
.note{margin:4px 0 0;font-size:13px;color:#6d6789}
.who{display:flex;align-items:center;gap:12px;margin:0 0 20px;padding:12px 14px;border-radius:12px;background:#f1eefc}
.avatar{flex:none;width:40px;height:40px;border-radius:50%;display:grid;place-items:center;background:#44367F;color:#fff;font-weight:800}
.who strong{word-break:break-all}
.foot{text-align:center;font-size:13px;color:#d9d3f7}
@media (max-width:420px){.card{padding:24px 18px;border-radius:16px}h1{font-size:22px}}
`;

/** CSP allows exactly this inline style sheet and nothing else (no scripts at all). */
const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

export interface LayoutInput {
  t: PassportStrings;
  title: string;
  /** The same page in the other language. */
  toggleHref: string;
  body: Html;
}

/** A whole passport page: wordmark, language toggle, one card. */
export function layout({ t, title, toggleHref, body }: LayoutInput): string {
  return html`<!doctype html>
<html lang="${t.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="referrer" content="no-referrer">
<title>${title} · Starlit</title>
<style>${new Html(CSS)}</style>
</head>
<body>
<div class="shell">
<header class="top">
<a class="wordmark" href="/"><span aria-hidden="true">✦</span>Starlit</a>
<a class="lang" href="${toggleHref}">${t.otherLanguage}</a>
</header>
<main class="card">${body}</main>
<footer class="foot">${t.tagline}</footer>
</div>
</body>
</html>`.value;
}

/**
 * Sends a page with the headers every passport page carries: no framing (clickjacking of
 * the sign-in form), no caching (pages hold CSRF tokens and names), a strict CSP.
 */
export function sendPage(reply: FastifyReply, status: number, page: string, origin: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self' ${origin}; frame-ancestors 'none'; base-uri 'none'`)
    .send(page);
}
