export * from './users.ts';
export * from './auth.ts';
export * from './notices.ts';
export * from './agents.ts';
export * from './content.ts';
export * from './catalogue.ts';
export * from './jobs.ts';
export * from './agent-cards.ts';
