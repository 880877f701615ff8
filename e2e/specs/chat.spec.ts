import { expect, test } from '@playwright/test';
import { agentIdOf, agentMessages, LUNA, LUNA_OPENING, messages, replyText, send, userMessages } from '../support/chat';
import { signUpAt, uniqueName } from '../support/session';

// The e2e server answers with the offline chat engine (deterministic, no model), a word every
// 60 ms (OFFLINE_CHAT_TOKEN_MS in playwright.config.ts), and speaks with eSpeak. Stop and a
// reload in the middle of a reply are in chat-held.spec.ts, against a provider the test holds.

test('a new user chats with an agent: streaming, regenerate and swipe, edit, memory, voice, reload, history manage mode', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAt(page, uniqueName('chat'));

  // from the agent's page to a new conversation that starts with the opening line
  await page.goto('/#/agentcenter');
  await page.getByRole('list', { name: 'Public agents' }).getByRole('link', { name: LUNA }).click();
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page).toHaveURL(/#\/chatroom\?conversationId=[0-9a-f-]{36}$/);
  const log = messages(page);
  await expect(agentMessages(log).first()).toContainText(LUNA_OPENING);
  await expect(agentMessages(log).first()).toContainText('Opening line');
  await expect(agentMessages(log).first().getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Offline engine' })).toContainText('LLM_BASE_URL');
  await expect(page).toHaveTitle(`${LUNA} · Chat room · Starlit`);
  // the room fills the screen below the header: no footer under it to scroll the page to
  expect(await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(0);

  // a reply streams in, then the input is free again and up to three suggestions appear
  await send(page, 'Tell me a story about the stars.');
  await expect(userMessages(log).first()).toContainText('Tell me a story about the stars.');
  const first = await replyText(log, 1);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  const suggestions = page.getByRole('list', { name: 'Suggested replies' }).getByRole('button');
  await expect(suggestions.first()).toBeVisible();
  expect(await suggestions.count()).toBeLessThanOrEqual(3);

  // regenerate: a second version beside the first, and the swipe goes between them
  await agentMessages(log).nth(1).getByRole('button', { name: 'Regenerate' }).click();
  const versions = agentMessages(log).nth(1).getByRole('group', { name: 'Versions' });
  await expect(versions).toContainText('2 / 2');
  await replyText(log, 1);
  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(versions).toContainText('1 / 2');
  await expect(agentMessages(log).nth(1)).toContainText(first);
  await versions.getByRole('button', { name: 'Next version' }).click();
  await expect(versions).toContainText('2 / 2');

  // editing the question makes a new branch beside it; the old one stays one swipe away
  await userMessages(log).first().getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit your message' }).fill('What is the brightest star?');
  await page.getByRole('button', { name: 'Send as new version' }).click();
  await expect(userMessages(log).first()).toContainText('What is the brightest star?');
  const questionVersions = userMessages(log).first().getByRole('group', { name: 'Versions' });
  await expect(questionVersions).toContainText('2 / 2');
  await replyText(log, 1);
  await questionVersions.getByRole('button', { name: 'Previous version' }).click();
  await expect(userMessages(log).first()).toContainText('Tell me a story about the stars.');
  await expect(agentMessages(log).nth(1).getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
  await questionVersions.getByRole('button', { name: 'Next version' }).click();
  await expect(userMessages(log).first()).toContainText('What is the brightest star?');

  // a suggestion is sent with one click
  const suggestion = (await page.getByRole('list', { name: 'Suggested replies' }).getByRole('button').first().innerText()).trim();
  await page.getByRole('list', { name: 'Suggested replies' }).getByRole('button').first().click();
  await expect(userMessages(log).nth(1)).toContainText(suggestion);
  await replyText(log, 2);

  // a memory written by hand, pinned, unpinned and pinned again
  const memories = page.getByRole('complementary', { name: 'Memories' });
  await expect(memories).toContainText('Memories are summarized every 6 turns');
  await memories.getByRole('textbox', { name: 'A new memory' }).fill('My cat is called Pixel.');
  await memories.getByRole('button', { name: 'Add memory' }).click();
  const memory = memories.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: 'My cat is called Pixel.' });
  await expect(memory).toContainText('Pinned');
  await memory.getByRole('button', { name: 'Unpin' }).click();
  await expect(memory.getByRole('button', { name: 'Pin', exact: true })).toBeVisible();
  await expect(memory).not.toContainText('Pinned');
  await memory.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(memory).toContainText('Pinned');

  // the reply is spoken: the voice is generated, loaded and played
  const lastReply = agentMessages(log).nth(2);
  await page.evaluate(() => document.addEventListener('playing', () => document.body.setAttribute('data-played', ''), { capture: true, once: true }));
  await lastReply.getByRole('button', { name: 'Play voice' }).click();
  await expect(page.locator('body[data-played]')).toHaveCount(1, { timeout: 20_000 });
  await expect(lastReply.locator('audio')).toHaveAttribute('src', /\/media\//);
  await expect(lastReply.locator('[data-voice-state]')).toHaveAttribute('data-voice-state', /playing|idle/, { timeout: 20_000 });
  // the sound itself: the element holds decodable audio from the server
  const audible = await lastReply.locator('audio').evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<boolean>((resolve) => {
        if (audio.readyState >= 2) return resolve(true);
        audio.addEventListener('loadeddata', () => resolve(true), { once: true });
        audio.addEventListener('error', () => resolve(false), { once: true });
        audio.load();
      }),
  );
  expect(audible).toBe(true);

  // a reload shows the same branch with every message
  const shown = await log.locator('li').allInnerTexts();
  await page.reload();
  await expect(agentMessages(log).first()).toContainText(LUNA_OPENING);
  await expect(log.locator('li')).toHaveCount(shown.length);
  await expect(userMessages(log).first()).toContainText('What is the brightest star?');
  await expect(userMessages(log).nth(1)).toContainText(suggestion);
  await expect(memories.getByRole('listitem').filter({ hasText: 'My cat is called Pixel.' })).toContainText('Pinned');

  // a second conversation with the same agent
  const firstConversation = new URL(page.url()).hash.split('conversationId=')[1];
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page).not.toHaveURL(new RegExp(firstConversation));
  await expect(agentMessages(log)).toHaveCount(1);
  await send(page, 'Tell me the myths behind the constellations of East and West.');
  await replyText(log, 1);

  // the agent is on the hot list now, a click away from another chat
  await page.goto('/#/hotlist');
  const hot = page.getByRole('list', { name: 'Hot agents' });
  await expect(hot.getByRole('link', { name: `Chat with ${LUNA}` })).toHaveAttribute('href', /#\/chatroom\?agentId=/);
  await expect(hot.getByRole('listitem').filter({ hasText: LUNA })).toContainText(/\d+ chatters?/);

  // the history lists both conversations; manage mode deletes them
  await page.goto('/#/chatroom');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat room' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Conversations' });
  await expect(history.getByRole('link')).toHaveCount(2);
  await expect(history.getByRole('link').first()).toContainText(LUNA);
  await page.getByRole('button', { name: 'Manage' }).click();
  await page.getByRole('button', { name: 'Select all' }).click();
  for (const box of await history.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await page.getByRole('toolbar', { name: 'Manage conversations' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete 2 conversations?' }).getByRole('button', { name: 'Delete conversations' }).click();
  await expect(page.getByText('2 conversations deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
});

test('the core path in Traditional Chinese: open, send, reply, regenerate and swipe', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('languageType', 'zh_TW'));
  await signUpAt(page, uniqueName('chatzh'), '/', 'zh_TW');
  const luna = await agentIdOf(page, LUNA);
  await page.goto(`/#/chatroom?agentId=${luna}`);
  await expect(page).toHaveURL(/conversationId=/);
  const log = messages(page, LUNA, 'zh_TW');
  await expect(agentMessages(log).first()).toContainText('今晚的星空很美');
  await expect(agentMessages(log).first()).toContainText('開場白');
  await expect(page.getByRole('complementary', { name: '離線引擎' })).toBeVisible();

  await send(page, '你好，跟我說一個星星的故事。', 'zh_TW');
  const first = await replyText(log, 1);
  await agentMessages(log).nth(1).getByRole('button', { name: '重新生成' }).click();
  const versions = agentMessages(log).nth(1).getByRole('group', { name: '版本' });
  await expect(versions).toContainText('2 / 2');
  await replyText(log, 1);
  await versions.getByRole('button', { name: '上一個版本' }).click();
  await expect(versions).toContainText('1 / 2');
  await expect(agentMessages(log).nth(1)).toContainText(first);
  await expect(page.getByRole('complementary', { name: '記憶' })).toContainText('每 6 輪對話會自動總結成記憶');
});

test('a visitor sees the agent and its opening line, and sending asks them to log in', async ({ page }) => {
  await page.goto('/#/hotlist');
  await expect(page).toHaveTitle('Hot list · Starlit');
  await page
    .getByRole('list', { name: 'Hot agents' })
    .getByRole('link', { name: `Chat with ${LUNA}` })
    .click();
  await expect(page).toHaveURL(/#\/chatroom\?agentId=[0-9a-f-]{36}$/);
  const log = messages(page);
  await expect(log).toContainText(LUNA_OPENING);
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello Luna');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Please log in first')).toBeVisible();
  await expect(page).toHaveURL(/\/passport\/authorize/);
});

test('voice failures: a failed voice offers regenerate or a new conversation, a lost recording offers regenerate', async ({ page }) => {
  await signUpAt(page, uniqueName('voice'));
  const luna = await agentIdOf(page, LUNA);
  await page.goto(`/#/chatroom?agentId=${luna}`);
  await expect(page).toHaveURL(/conversationId=/);
  const conversation = page.url();
  const log = messages(page);
  const opening = agentMessages(log).first();
  await expect(opening).toContainText(LUNA_OPENING);

  // the speech engine fails: the message says so and offers both ways on (SPEC §4)
  await page.route('**/ai/api/v1/chat/voice', (route) => route.fulfill({ json: { code: 7008, data: null, message: 'Voice generation failed: regenerate it or start a new conversation' } }));
  await opening.getByRole('button', { name: 'Play voice' }).click();
  const failed = opening.getByRole('alert');
  await expect(failed).toContainText('Voice generation failed');
  await expect(failed.getByRole('button', { name: 'Start a new conversation' })).toBeVisible();
  await page.unroute('**/ai/api/v1/chat/voice');
  await failed.getByRole('button', { name: 'Regenerate voice' }).click();
  await expect(opening.locator('[data-voice-state]')).not.toHaveAttribute('data-voice-state', /failed|generating/, { timeout: 20_000 });
  await expect(opening.locator('audio')).toHaveAttribute('src', /\/media\//);

  // the recording is gone from the server: "lost", with a way to make it again
  await page.reload();
  await page.route(/\/media\/.*\.(wav|mp3|ogg)(\?|$)/, (route) => route.fulfill({ status: 404, body: '' }));
  await agentMessages(log).first().getByRole('button', { name: 'Play voice' }).click();
  const lost = agentMessages(log).first().getByRole('alert');
  await expect(lost).toContainText('The voice recording was lost');

  // making it again fails too: then a new conversation with the same agent is offered
  await page.route('**/ai/api/v1/chat/voice', (route) => route.fulfill({ json: { code: 7008, data: null, message: 'Voice generation failed' } }));
  await lost.getByRole('button', { name: 'Regenerate voice' }).click();
  await expect(lost).toContainText('Voice generation failed');
  await lost.getByRole('button', { name: 'Start a new conversation' }).click();
  await expect(page).toHaveURL(/conversationId=/);
  await expect(page).not.toHaveURL(conversation);
  await expect(agentMessages(log).first()).toContainText(LUNA_OPENING);
});
