/** The stores the storage and media tests run against, each the same way. */
export const STORES = ['local'] as const;
export type StoreKind = (typeof STORES)[number];

/** A store's settings for a test server (`startTestServer(env)`). */
export interface TestStore {
  kind: StoreKind;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local folder needs nothing beyond the test server's own DATA_DIR. */
export async function startStore(kind: StoreKind): Promise<TestStore> {
  return { kind, env: {}, close: async () => undefined };
}
