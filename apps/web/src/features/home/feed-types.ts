import type { CallInput, CallOutput, calls } from '@starlit/contract';

/** One card of the home grid, as the contract defines it. */
export type FeedItem = CallOutput<typeof calls.home.feed>['items'][number];
export type FeedAgent = Extract<FeedItem, { type: 'agent' }>;
export type FeedWork = Extract<FeedItem, { type: 'work' }>;
/** A home tab of SPEC §2. */
export type HomeTabId = CallInput<typeof calls.home.feed>['tab'];
