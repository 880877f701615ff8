import { calls } from '@starlit/contract';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { callAs } from './api';

export const LUNA = 'Luna 露娜';
export const LUNA_OPENING = 'Hello, night traveller.';

/** The id of a seeded public agent, read the way the agent center reads it. */
export async function agentIdOf(page: Page, nickname: string): Promise<string> {
  const ids = (await callAs(page, calls.agents.publicList, { limit: 50 })).items.map((a) => [a.nickname, a.id] as const);
  const id = ids.find(([name]) => name === nickname)?.[1];
  if (!id) throw new Error(`no public agent ${nickname}`);
  return id;
}

export function messages(page: Page, agent = LUNA, language: 'en_US' | 'zh_TW' = 'en_US') {
  return page.getByRole('log', { name: language === 'en_US' ? `Messages with ${agent}` : `與 ${agent} 的訊息` });
}

export const agentMessages = (log: Locator) => log.locator('li[data-role="agent"]');
export const userMessages = (log: Locator) => log.locator('li[data-role="user"]');

/** Waits until the reply at `index` is written (not streaming) and has text; answers its text. */
export async function replyText(log: Locator, index: number): Promise<string> {
  const reply = agentMessages(log).nth(index);
  await expect(reply).toHaveAttribute('data-status', /complete|interrupted|failed/);
  const text = (await reply.locator('[data-message-text]').innerText()).trim();
  expect(text.length).toBeGreaterThan(0);
  return text;
}

/** Waits until a reply still streaming shows at least `count` words; answers the text shown then. */
export async function wordsSoFar(reply: Locator, count: number): Promise<string> {
  const text = reply.locator('[data-message-text]');
  await expect.poll(async () => (await text.innerText()).trim().split(/\s+/).filter(Boolean).length, { timeout: 10_000, intervals: [50] }).toBeGreaterThanOrEqual(count);
  await expect(reply, 'the reply is still being written').toHaveAttribute('data-status', 'streaming', { timeout: 100 });
  return (await text.innerText()).trim();
}

/** The stored message `id` in a chat/messages answer. */
export async function storedReply(res: Response, id: string | null) {
  const body = (await res.json().catch(() => null)) as { data?: { messages: { id: string; content: string; status: string }[] } } | null;
  return body?.data?.messages.find((m) => m.id === id);
}

export async function send(page: Page, text: string, language: 'en_US' | 'zh_TW' = 'en_US') {
  const box = page.getByRole('textbox', { name: language === 'en_US' ? 'Message' : '訊息' });
  await expect(box).toBeEnabled();
  await box.fill(text);
  await page.getByRole('button', { name: language === 'en_US' ? 'Send' : '傳送', exact: true }).click();
}
