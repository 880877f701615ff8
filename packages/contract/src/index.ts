export * from './call.ts';
export * from './errors.ts';
export * from './i18n/languages.ts';
export * from './i18n/messages.ts';
export * from './i18n/notice-texts.ts';
export * from './calls/index.ts';
export * from './records/render.ts';
