import { html, type Html } from './passport.html.ts';
import { fill, type PassportStrings } from './passport.i18n.ts';
import { layout } from './passport.layout.ts';
import { flowParams, passportHref, type AuthorizeRequest } from './passport.oauth.ts';

/** What every page needs from the request. */
export interface PageContext {
  t: PassportStrings;
  csrf: string;
  /** The same page in the other language. */
  toggleHref: string;
}

function hiddenFields(ctx: PageContext, request: AuthorizeRequest | null): Html {
  return html`<input type="hidden" name="csrf" value="${ctx.csrf}">${flowParams(request).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;
}

function alert(errors: string[]): Html | null {
  if (errors.length === 0) return null;
  return html`<div class="alert" role="alert">${errors.map((e) => html`<p>${e}</p>`)}</div>`;
}

function page(ctx: PageContext, title: string, body: Html): string {
  return layout({ t: ctx.t, title, toggleHref: ctx.toggleHref, body });
}

function field(id: string, label: string, input: Html, hint?: string): Html {
  return html`<div class="field"><label for="${id}">${label}</label>${input}${hint ? html`<span class="hint" id="${id}-hint">${hint}</span>` : null}</div>`;
}

function userNameInput(value: string, described: boolean): Html {
  return html`<input id="username" name="username" type="text" value="${value}" autocomplete="username" autocapitalize="none" spellcheck="false" required${
    described ? html` aria-describedby="username-hint"` : null
  }>`;
}

export interface FormState {
  request: AuthorizeRequest | null;
  userName: string;
  errors: string[];
}

export function signInPage(ctx: PageContext, form: FormState): string {
  const { t } = ctx;
  return page(
    ctx,
    t.signInTitle,
    html`<h1>${t.signInTitle}</h1><p class="lead">${t.signInLead}</p>${alert(form.errors)}
<form method="post" action="/passport/signin">${hiddenFields(ctx, form.request)}
${field('username', t.username, userNameInput(form.userName, false))}
${field('password', t.password, html`<input id="password" name="password" type="password" autocomplete="current-password" required>`)}
<button class="button" type="submit">${t.signIn}</button>
</form>
<p class="switch">${t.noAccount} <a href="${passportHref('/passport/signup', form.request)}">${t.signUp}</a></p>`,
  );
}

export function signUpPage(ctx: PageContext, form: FormState): string {
  const { t } = ctx;
  const signInHref = form.request ? passportHref('/passport/authorize', form.request) : '/passport/';
  return page(
    ctx,
    t.signUpTitle,
    html`<h1>${t.signUpTitle}</h1><p class="lead">${t.signUpLead}</p>${alert(form.errors)}
<form method="post" action="/passport/signup">${hiddenFields(ctx, form.request)}
${field('username', t.username, userNameInput(form.userName, true), t.usernameHint)}
${field('password', t.password, html`<input id="password" name="password" type="password" autocomplete="new-password" aria-describedby="password-hint" required>`, t.passwordHint)}
${field('confirm', t.confirmPassword, html`<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>`)}
<button class="button" type="submit">${t.signUp}</button>
</form>
<p class="switch">${t.haveAccount} <a href="${signInHref}">${t.signIn}</a></p>`,
  );
}

function who(ctx: PageContext, userName: string): Html {
  return html`<div class="who"><span class="avatar" aria-hidden="true">${[...userName][0]?.toUpperCase()}</span><strong>${fill(ctx.t.signedInAs, { name: userName })}</strong></div>`;
}

/** Already signed in at the provider: one click back to the app, or switch accounts. */
export function continuePage(ctx: PageContext, request: AuthorizeRequest, userName: string): string {
  const { t } = ctx;
  return page(
    ctx,
    t.continueTitle,
    html`<h1>${t.continueTitle}</h1><p class="lead">${t.continueLead}</p>${who(ctx, userName)}
<div class="stack">
<form method="post" action="/passport/continue">${hiddenFields(ctx, request)}<button class="button" type="submit">${fill(t.continueAs, { name: userName })}</button></form>
<form method="post" action="/passport/signout">${hiddenFields(ctx, request)}<button class="button secondary" type="submit">${t.useAnotherAccount}</button></form>
</div>`,
  );
}

export function accountPage(ctx: PageContext, userName: string): string {
  const { t } = ctx;
  return page(
    ctx,
    t.accountTitle,
    html`<h1>${t.accountTitle}</h1><p class="lead">${t.tagline}</p>${who(ctx, userName)}
<div class="stack">
<a class="button" href="/">${t.backToApp}</a>
<form method="post" action="/passport/signout">${hiddenFields(ctx, null)}<button class="button secondary" type="submit">${t.signOut}</button></form>
<form method="post" action="/passport/signout-all">${hiddenFields(ctx, null)}<button class="button danger" type="submit">${t.signOutEverywhere}</button></form>
</div>
<p class="note">${t.signOutEverywhereHint}</p>`,
  );
}

/** A page that only explains something, with one way on. */
export function messagePage(ctx: PageContext, content: { title: string; lead: string; href: string; action: string }): string {
  return page(ctx, content.title, html`<h1>${content.title}</h1><p class="lead">${content.lead}</p><a class="button" href="${content.href}">${content.action}</a>`);
}
