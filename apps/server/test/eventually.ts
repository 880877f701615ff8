/**
 * Reads until `done` holds, and answers the last value read. The test's own timeout is the only
 * deadline: on a loaded machine a condition is merely slower to hold, never a failure.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, everyMs = 25): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
