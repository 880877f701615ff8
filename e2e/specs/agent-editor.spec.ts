import { expect, test, type Page } from '@playwright/test';
import { gradientPng } from '../support/media';
import { signUpAt, uniqueName } from '../support/session';

/** A mono 16-bit PCM WAV of a sine tone, so clip checks see real audio of a known length and rate. */
function sineWav(seconds: number, sampleRate: number): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    // a gliding tone with a pulse, so a pitch and syllable detector finds something to measure
    const envelope = 0.5 + 0.5 * Math.sin((2 * Math.PI * 3 * i) / sampleRate);
    data.writeInt16LE(Math.round(12000 * envelope * Math.sin((2 * Math.PI * (180 + 40 * Math.sin(i / sampleRate)) * i) / sampleRate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('an agent is created step by step, every §5 rule shows its message, then it is auditioned and published', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAt(page, uniqueName('maker'));
  await page.goto('/#/agent');
  await expect(page.getByRole('heading', { name: 'Create an agent' })).toBeVisible();

  const nickname = uniqueName('Nova').slice(0, 16);
  await field(page, 'Nickname').fill('N'.repeat(21));
  await expect(page.getByText('Name must be at most 20 characters')).toBeVisible();
  await field(page, 'Nickname').fill(nickname);
  await expect(page).toHaveURL(/#\/agent\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  await field(page, 'Role setting').fill('r'.repeat(1001));
  await expect(page.getByText('Role setting must be at most 1000 characters')).toBeVisible();
  await field(page, 'Role setting').fill('A cheerful star pilot who loves telling stories about distant planets.');
  await field(page, 'Opening line').fill('o'.repeat(501));
  await expect(page.getByText('Opening must be at most 500 characters')).toBeVisible();
  await field(page, 'Opening line').fill('Hello traveller, shall we fly to the stars?');
  await field(page, 'Role intro').fill('Your guide across the galaxy.');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // typed texts survive a reload
  await page.reload();
  await expect(field(page, 'Opening line')).toHaveValue('Hello traveller, shall we fly to the stars?');

  await page.getByRole('checkbox', { name: /Text to image/ }).check();
  await expect(page.getByRole('checkbox', { name: /Text to image/ })).toBeChecked();

  const tag = page.getByRole('textbox', { name: 'New tag' });
  const addTag = async (text: string) => {
    await tag.fill(text);
    await page.getByRole('button', { name: 'Add tag' }).click();
  };
  await addTag('Cute');
  await expect(page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem')).toHaveCount(1);
  await addTag('cute');
  await expect(page.getByText('Tag already exists')).toBeVisible();
  await page.getByRole('button', { name: 'Add suggested tag Cute' }).click();
  await expect(page.getByText('Tag already selected')).toBeVisible();
  for (const text of ['Space', 'Pilot', 'Stories', 'Friendly']) {
    await addTag(text);
    await expect(page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem', { name: undefined }).filter({ hasText: text })).toBeVisible();
  }
  await addTag('Sixth');
  await expect(page.getByText('Maximum 5 tags allowed')).toBeVisible();

  await page.getByRole('button', { name: 'Choose a voice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a voice' });
  const recommended = dialog.getByRole('list', { name: 'Recommend' });
  await expect(recommended.getByRole('listitem').first()).toBeVisible();
  const addButtons = recommended.getByRole('button', { name: /^Add / });
  await addButtons.nth(0).click();
  await addButtons.nth(0).click();
  await expect(dialog.getByText('The same voice cannot be added twice')).toBeVisible();

  await dialog.getByRole('tab', { name: 'My' }).click();
  await dialog.getByLabel('Voice name').fill('Me');
  await dialog.getByLabel('Voice clip').setInputFiles({ name: 'short.wav', mimeType: 'audio/wav', buffer: sineWav(2, 44_100) });
  await dialog.getByRole('button', { name: 'Clone voice' }).click();
  await expect(dialog.getByText(/Cloning failed: .+/)).toBeVisible();
  await dialog.getByLabel('Voice clip').setInputFiles({ name: 'me.wav', mimeType: 'audio/wav', buffer: sineWav(5, 44_100) });
  await dialog.getByRole('button', { name: 'Clone voice' }).click();
  await expect(dialog.getByText('Voice ready: Me')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(/Cloned with: .+/)).toBeVisible();
  await dialog.getByRole('list', { name: 'My' }).getByRole('button', { name: 'Add Me' }).click();
  await expect(dialog.getByText('A cloned voice cannot be mixed with official voices')).toBeVisible();

  await dialog.getByRole('tab', { name: 'Recommend' }).click();
  for (let i = 1; i < 4; i += 1) await addButtons.nth(i).click();
  await addButtons.nth(4).click();
  await expect(dialog.getByText('At most 4 voices per agent')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // keep one official voice
  for (let i = 0; i < 3; i += 1)
    await page
      .getByRole('button', { name: /^Remove voice / })
      .last()
      .click();
  await expect(page.getByRole('button', { name: /^Remove voice / })).toHaveCount(1);

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Avatar generation requires a name, a description and a style')).toBeVisible();
  await page.getByLabel('Avatar description').fill('A pilot in a silver flight suit');
  await page.getByLabel('Style').selectOption('anime');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText(/^Generated by /)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Current 2D avatar' })).toBeVisible();

  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Audition opening line' }).click();
  await expect(page.getByText(/^Audition ready/)).toBeVisible({ timeout: 60_000 });
  // the step list counts what the checklist counts: everything is ready, no optional step left out
  await expect(page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Before publishing/ })).toContainText('8/8');

  const isPublic = page.getByRole('switch', { name: /^Public/ });
  await expect(isPublic).not.toBeChecked();
  await isPublic.click();
  await expect(isPublic).toBeChecked();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Your agent is published.')).toBeVisible();
  const agentLink = page.getByRole('link', { name: 'Open the agent page' });
  const id = /#\/agent\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  await expect(agentLink).toHaveAttribute('href', `#/agentcenter/${id}`);
  await agentLink.click();
  await expect(page).toHaveURL(new RegExp(`#/agentcenter/${id}$`));

  await page.goto('/#/?tab=agent');
  await expect(page.getByRole('list', { name: 'AI Agent' }).getByRole('link', { name: nickname })).toBeVisible();

  await page.goto(`/#/agent/${id}`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Open the agent page' })).toBeHidden();
});

test('a failed save keeps the text on the device until a retry; identities; avatar uploads and 3D models; someone else cannot open the draft', async ({ page, browser }) => {
  await signUpAt(page, uniqueName('keeper'));
  await page.goto('/#/agent');
  await field(page, 'Nickname').fill('Keeper');
  await expect(page).toHaveURL(/#\/agent\/[0-9a-f-]{36}$/);
  const address = page.url();

  await page.route('**/ai/api/v1/agent/update', (route) => route.abort());
  await field(page, 'Role intro').fill('Typed while offline');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Not saved');
  await page.reload();
  await expect(field(page, 'Role intro')).toHaveValue('Typed while offline');
  await expect(page.getByText('Unsaved edits restored from this device')).toBeVisible();
  // the restored edit is sent again on load, and fails again while the route is down
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Not saved');
  await page.unroute('**/ai/api/v1/agent/update');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await page.reload();
  await expect(page.getByText('Unsaved edits restored from this device')).toBeHidden();
  await expect(field(page, 'Role intro')).toHaveValue('Typed while offline');

  await page.getByLabel('Upload a 2D picture').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: gradientPng(64) });
  await expect(page.getByRole('img', { name: 'Current 2D avatar' })).toBeVisible();

  await page.getByRole('radio', { name: '3D' }).click();
  await page.getByLabel('Upload a VRM model').setInputFiles({ name: 'fake.vrm', mimeType: 'application/octet-stream', buffer: Buffer.from('not a model') });
  await expect(page.getByRole('alert').filter({ hasText: /VRM|glTF/i })).toBeVisible();
  await page.getByRole('button', { name: /^Use / }).first().click();
  await expect(page.getByText(/^3D model set: .+\.vrm$/)).toBeVisible();

  const identity = page.getByRole('form', { name: 'New identity' });
  await identity.getByRole('button', { name: 'Save identity' }).click();
  await expect(identity.getByText('Name is required')).toBeVisible();
  await identity.getByLabel('Identity name').fill('Captain');
  await identity.getByRole('button', { name: 'Save identity' }).click();
  await expect(identity.getByText('Gender is required')).toBeVisible();
  await identity.getByLabel('Identity gender').selectOption('Female');
  await identity.getByLabel('Background').fill('Flies the night shift.');
  await identity.getByRole('radio', { name: 'This agent only' }).check();
  await identity.getByRole('button', { name: 'Save identity' }).click();
  const identities = page.getByRole('list', { name: 'My chat identities' });
  await expect(identities.getByText('Captain')).toBeVisible();
  await expect(identities.getByText('Female · This agent')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Captain' }).click();
  await expect(identities.getByText('No identity yet.')).toBeVisible();

  const other = await browser.newPage();
  await signUpAt(other, uniqueName('visitor'));
  await other.goto(address);
  await expect(other.getByRole('heading', { name: 'You cannot edit this agent' })).toBeVisible();
  await other.close();
});

test('in zh_TW at 390 px the form speaks Chinese, shows the contract messages and does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAt(page, uniqueName('zh'), '/', 'zh_TW');
  await page.evaluate(() => localStorage.setItem('languageType', 'zh_TW'));
  await page.goto('/#/agent');
  await page.reload();
  await expect(page.getByRole('heading', { name: '建立智能體' })).toBeVisible();
  await field(page, '暱稱').fill('名'.repeat(21));
  await expect(page.getByText('名稱最多 20 個字')).toBeVisible();
  await field(page, '暱稱').fill('星星');
  await expect(page).toHaveURL(/#\/agent\/[0-9a-f-]{36}$/);
  await field(page, '開場白').fill('開'.repeat(501));
  await expect(page.getByText('開場白最多 500 個字')).toBeVisible();
  await page.getByRole('textbox', { name: '新標籤' }).fill('可愛');
  await page.getByRole('button', { name: '新增標籤' }).click();
  await page.getByRole('button', { name: '加入推薦標籤 可愛' }).click();
  await expect(page.getByText('標籤已選擇')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
