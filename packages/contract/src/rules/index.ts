export * from './constants.ts';
export * from './display-width.ts';
export * from './sliders.ts';
export * from './time.ts';
export * from './image-url.ts';
export * from './debounce.ts';
export * from './account.ts';
