import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { HELD_REPLY, HELD_REPLY_FIRST_WORDS } from '../../apps/server/test/fake-service';
import { agentIdOf, agentMessages, LUNA, messages, send, storedReply, userMessages, wordsSoFar } from '../support/chat';
import { heldProviderURL } from '../support/ports';
import { signUpAt, uniqueName } from '../support/session';

// This server chats through the held provider (playwright.config.ts): while a test holds it, a
// reply stops after its first words and stays "being written" until the test releases it, so
// Stop and a reload land in the middle of the reply however slow the machine is.
const FIRST_WORDS = HELD_REPLY.split(' ').slice(0, HELD_REPLY_FIRST_WORDS).join(' ');
const QUESTION = 'Tell me the myths behind the constellations of East and West.';

const control = (request: APIRequestContext, what: 'hold' | 'release') => request.post(`${heldProviderURL}/control/${what}`).then((res) => expect(res.status()).toBe(204));

// a failed test leaves no reply held for the next one
test.afterEach(({ request }) => control(request, 'release'));

/** Signs up, opens a conversation with Luna and sends the question while the provider holds. */
async function askWhileHeld(page: Page, request: APIRequestContext, prefix: string) {
  await signUpAt(page, uniqueName(prefix));
  const luna = await agentIdOf(page, LUNA);
  await page.goto(`/#/chatroom?agentId=${luna}`);
  await expect(page).toHaveURL(/conversationId=/);
  const log = messages(page);
  await control(request, 'hold');
  await send(page, QUESTION);
  const reply = agentMessages(log).nth(1);
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  expect(await wordsSoFar(reply, HELD_REPLY_FIRST_WORDS)).toBe(FIRST_WORDS);
  return { log, reply, replyId: await reply.getAttribute('data-message-id') };
}

test('Stop while a reply is being written: the input waits until then, the words so far stay, marked stopped', async ({ page, request }) => {
  const { log, reply, replyId } = await askWhileHeld(page, request, 'stop');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

  // after Stop the page reads back what the server kept of the reply
  const kept = page.waitForResponse(async (res) => res.url().endsWith('/chat/messages') && (await storedReply(res, replyId))?.status === 'interrupted');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(reply).toHaveAttribute('data-status', 'interrupted');
  await expect(reply).toContainText('Stopped');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  expect((await storedReply(await kept, replyId))?.content.trim()).toBe(FIRST_WORDS);
  await expect(reply.locator('[data-message-text]')).toHaveText(FIRST_WORDS);

  // the server kept the same partial text, stopped, and nothing more came after the release
  await control(request, 'release');
  await page.reload();
  await expect(agentMessages(log).nth(1)).toHaveAttribute('data-status', 'interrupted');
  await expect(agentMessages(log).nth(1)).toContainText('Stopped');
  await expect(agentMessages(log).nth(1).locator('[data-message-text]')).toHaveText(FIRST_WORDS);
  await expect(userMessages(log).first()).toContainText(QUESTION);
});

test('a reload while a reply is still being written: the question and the words so far stay, stopped, and the chat goes on', async ({ page, request }) => {
  const { log, replyId } = await askWhileHeld(page, request, 'reload');

  // The reload cancels the page's request, so the server stops writing (as on Stop) and keeps
  // what it wrote as interrupted. Right after the reload it may still show as being written:
  // the page then reads it again every second until it is not.
  await page.reload();
  await expect(userMessages(log)).toHaveCount(1);
  await expect(userMessages(log).first()).toContainText(QUESTION);
  const after = agentMessages(log).nth(1);
  await expect(after).toHaveAttribute('data-message-id', replyId ?? '');
  await expect(after).toHaveAttribute('data-status', 'interrupted');
  await expect(after).toContainText('Stopped');
  await expect(after.locator('[data-message-text]')).toHaveText(FIRST_WORDS);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  // nothing is left running: once the provider no longer holds, the next message is answered in full
  await control(request, 'release');
  await send(page, 'Which star is closest to us?');
  await expect(userMessages(log).nth(1)).toContainText('Which star is closest to us?');
  await expect(agentMessages(log).nth(2)).toHaveAttribute('data-status', 'complete');
  await expect(agentMessages(log).nth(2).locator('[data-message-text]')).toHaveText(HELD_REPLY);
  await expect(agentMessages(log).nth(1)).toHaveAttribute('data-status', 'interrupted');
  await expect(agentMessages(log).nth(1).locator('[data-message-text]')).toHaveText(FIRST_WORDS);
});
