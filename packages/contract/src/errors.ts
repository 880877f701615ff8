// The catalogue is split per feature under errors/; this path stays for existing imports.
export * from './errors/index.ts';
