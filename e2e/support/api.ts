import type { Page } from '@playwright/test';
import type { CallDef, CallInput, CallOutput } from '@starlit/contract';

/**
 * Calls the API from the page as the web app does (same origin, the page's session token, if
 * any), typed from the contract: answers the call's data, or throws with the refusal.
 */
export async function callAs<C extends CallDef>(page: Page, call: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const answer = await page.evaluate(
    async ([path, body]) => {
      const token = sessionStorage.getItem('token');
      const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
      return (await res.json()) as { code: number; message: string; data: unknown };
    },
    [call.path, input] as const,
  );
  if (answer.code !== 0) throw new Error(`${call.path} answered ${answer.code}: ${answer.message}`);
  return answer.data as CallOutput<C>;
}
