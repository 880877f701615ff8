import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from '../support/api';
import { ffmpegPng } from '../support/pictures';
import { accountButton, bell, signUpAt, signUpThroughProvider, uniqueName } from '../support/session';

// Issue 9's acceptance story, clicked through as people would: A writes in English, B reads
// and reacts in Traditional Chinese, an administrator moderates.
test.setTimeout(150_000);

/** A JPEG written by ffmpeg, for the report's evidence. */
function ffmpegJpg(name: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'starlit-jpg-')), `${name}.jpg`);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=1', '-frames:v', '1', file]);
  return file;
}

/** A signed-in page in its own browser context, in the given language. */
async function person(browser: Browser, name: string, lang: 'en_US' | 'zh_TW') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((code) => localStorage.setItem('languageType', code), lang);
  await signUpAt(page, name, '/', lang);
  return page;
}

/** The id in a work detail's share address. */
function openWorkId(page: Page): string {
  const id = new URL(page.url().replace('/#/', '/')).searchParams.get('work');
  if (!id) throw new Error(`no work in ${page.url()}`);
  return id;
}

test('works and community: publish, react, fold, follow, search, report, block, moderate', async ({ browser }) => {
  const aName = uniqueName('artist');
  const bName = uniqueName('fan');
  // unique in the run: other specs publish works of their own into the same database
  const workName = `夢幻的星空之旅${Date.now().toString(36).slice(-4)}`;
  const postName = uniqueName('walk').slice(0, 20);

  // A publishes an image work and a post, from home
  const aContext = await browser.newContext();
  const a = await aContext.newPage();
  await a.goto('/');
  await signUpThroughProvider(a, aName);
  await test.step('A publishes an image work and a post', async () => {
    await a.getByRole('link', { name: 'Start creating' }).click();
    await a.getByRole('link', { name: /Publish a work/ }).click();
    await a.getByLabel('Choose a file').setInputFiles(ffmpegPng('starry', 'testsrc=size=480x320:rate=1'));
    await expect(a.getByText('starry.png is uploaded')).toBeVisible();
    await a.getByLabel('Name', { exact: true }).fill(workName);
    await a.getByPlaceholder('New tag').fill('stars');
    await a.getByPlaceholder('New tag').press('Enter');
    await a.getByLabel('Description').fill('A night sky over the hills');
    await a.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(a).toHaveURL(/view=mine/);

    await a.getByRole('link', { name: 'Home', exact: true }).first().click();
    await a.getByRole('link', { name: 'Start creating' }).click();
    await a.getByRole('link', { name: /Write a post/ }).click();
    await a.getByLabel('Name', { exact: true }).fill(postName);
    await a.getByLabel('Text').fill('Notes from an evening walk');
    await a.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(a).toHaveURL(/view=mine/);
  });

  // B, in Traditional Chinese, opens it from home and reacts
  const b = await person(browser, bName, 'zh_TW');
  const detail = b.getByRole('dialog', { name: workName });
  let workId = '';
  let profileOfA = '';
  await test.step('B opens the work from home, likes, collects and comments', async () => {
    await b.getByRole('button', { name: workName }).first().click();
    await expect(detail).toBeVisible();
    workId = openWorkId(b);
    profileOfA = (await detail.locator('a[href*="usercenter/"]').first().getAttribute('href')) ?? '';
    await detail.getByRole('button', { name: /^按讚/ }).click();
    await expect(detail.getByRole('button', { name: /^按讚/ })).toHaveAttribute('aria-pressed', 'true');
    await detail.getByRole('button', { name: /^收藏/ }).click();
    await expect(detail.getByRole('button', { name: /^收藏/ })).toHaveAttribute('aria-pressed', 'true');
    await detail.getByRole('textbox', { name: '你的留言' }).fill('好美的星空！');
    await detail.getByRole('button', { name: '發佈', exact: true }).click();
    await expect(detail.getByText('好美的星空！')).toBeVisible();
  });

  await test.step('A replies to B in the comments', async () => {
    await a.getByRole('link', { name: 'Home', exact: true }).first().click();
    await a.getByRole('button', { name: workName }).first().click();
    const mine = a.getByRole('dialog', { name: workName });
    const comment = mine.getByRole('listitem').filter({ hasText: '好美的星空！' }).first();
    await comment.getByRole('button', { name: 'Reply', exact: true }).click();
    await mine.getByRole('textbox', { name: `Your reply to @${bName}` }).fill('Thank you! It was a clear night.');
    await mine.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await expect(mine.getByText('Thank you! It was a clear night.')).toBeVisible();
    await mine.getByRole('button', { name: 'Close' }).click();
  });

  await test.step("two more people like it: A's bell holds one folded notice", async () => {
    for (const name of [uniqueName('liker'), uniqueName('liker')]) {
      const liker = await person(browser, name, 'en_US');
      await callAs(liker, calls.works.like, { id: workId });
      await liker.context().close();
    }
    await bell(a).click();
    await a.getByRole('tab', { name: /^Interactive messages/ }).click();
    await expect(a.getByText(/and 2 others liked your work/)).toHaveCount(1);
    await expect(a.getByText(/liked your work/)).toHaveCount(1);
  });

  await test.step('switching language rewrites the same notice in the reader’s new language', async () => {
    const language = a.getByRole('combobox', { name: /Language|語言/ });
    await language.selectOption({ label: '繁體中文' });
    await expect(a.getByText(/和其他 2 人喜歡了你的作品/)).toHaveCount(1);
    await expect(a.getByText(/liked your work/)).toHaveCount(0);
    await language.selectOption({ label: 'English' });
    await expect(a.getByText(/and 2 others liked your work/)).toHaveCount(1);
  });

  await test.step('B follows A and finds the work in My Following', async () => {
    const follow = detail.getByRole('button', { name: '追蹤', exact: true });
    await follow.click();
    await expect(detail.getByRole('button', { name: '已追蹤' })).toBeVisible();
    await detail.getByRole('button', { name: '關閉' }).click();
    await b.getByRole('tab', { name: '我的關注' }).click();
    await expect(b.getByRole('tabpanel').getByRole('button', { name: workName })).toBeVisible();
  });

  await test.step('search finds the work by a two-character Chinese word', async () => {
    await b.getByRole('searchbox', { name: '搜尋作品、智能體與用戶' }).fill('星空');
    await b.getByRole('searchbox', { name: '搜尋作品、智能體與用戶' }).press('Enter');
    await expect(b).toHaveURL(/search/);
    await expect(b.getByRole('button', { name: workName })).toBeVisible();
  });

  // B has a post of its own that A has open when B blocks A
  const bPost = await callAs(b, calls.works.create, { name: 'B 的日記', category: 'Living', description: '今天天氣很好' });
  await callAs(b, calls.works.publish, { id: bPost.id });
  await a.goto(`/#/?work=${bPost.id}`);
  const bPostDetail = a.getByRole('dialog', { name: 'B 的日記' });
  await expect(bPostDetail).toBeVisible();

  await test.step('B reports A’s post with two pictures and blocks A from the offer', async () => {
    await b.getByRole('link', { name: '首頁', exact: true }).first().click();
    await b.getByRole('tab', { name: '貼文' }).click();
    await b.getByRole('button', { name: postName }).first().click();
    const post = b.getByRole('dialog', { name: postName });
    await post.getByRole('button', { name: '檢舉' }).click();
    const report = b.getByRole('dialog', { name: '檢舉此作品' });
    // each missing field is asked for with SPEC §5's words, the ones the server answers too
    await report.getByRole('button', { name: '下一步' }).click();
    await expect(report.getByText('請選擇檢舉類型')).toBeVisible();
    await report.getByText('垃圾訊息或廣告').click();
    await report.getByRole('button', { name: '下一步' }).click();
    const details = b.getByRole('dialog', { name: '補充說明' });
    await details.getByRole('button', { name: '送出檢舉' }).click();
    await expect(details.getByText('請填寫檢舉說明')).toBeVisible();
    await details.getByRole('textbox', { name: '檢舉說明' }).fill('這是廣告連結');
    await details.getByLabel(/證據圖片/).setInputFiles(ffmpegPng('proof-one', 'color=c=red:size=320x240'));
    await details.getByLabel(/證據圖片/).setInputFiles(ffmpegJpg('proof-two'));
    await expect(details.getByRole('list', { name: '要送出的圖片' }).getByRole('img')).toHaveCount(2);
    await details.getByRole('button', { name: '送出檢舉' }).click();
    const done = b.getByRole('dialog').getByRole('status');
    await expect(done).toContainText(`要封鎖 ${aName} 嗎？`);
    await done.getByRole('button', { name: '封鎖', exact: true }).click();
    await b
      .getByRole('dialog', { name: `要封鎖 ${aName} 嗎？`, exact: true })
      .getByRole('button', { name: '封鎖', exact: true })
      .click();
    await expect(b.getByText(`已封鎖 ${aName}`)).toBeVisible();
  });

  await test.step('A can no longer comment on B’s works', async () => {
    await bPostDetail.getByRole('textbox', { name: 'Your comment' }).fill('Nice post');
    await bPostDetail.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(a.getByText('You cannot interact with this user')).toBeVisible();
    await bPostDetail.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('A’s works vanish from B’s home, search and A’s profile', async () => {
    await b.goto('/#/');
    await expect(b.getByRole('tab', { name: '推薦' })).toHaveAttribute('aria-selected', 'true');
    await expect(b.locator('main ul[aria-label] li').first()).toBeVisible();
    await expect(b.getByRole('button', { name: workName })).toHaveCount(0);
    await b.getByRole('searchbox', { name: '搜尋作品、智能體與用戶' }).fill('星空');
    await b.getByRole('searchbox', { name: '搜尋作品、智能體與用戶' }).press('Enter');
    // the demo's own night-sky post still matches; A's work does not show
    await expect(b.getByRole('heading', { name: '「星空」的搜尋結果' })).toBeVisible();
    await expect(b.getByText(/已經到底了|沒有結果/)).toBeVisible();
    await expect(b.getByRole('button', { name: workName })).toHaveCount(0);
    await b.goto(`/#${profileOfA.replace(/^#/, '')}`);
    await expect(b.getByRole('button', { name: workName })).toHaveCount(0);
    await expect(b.getByRole('button', { name: postName })).toHaveCount(0);

    // and A is on the blacklist of B's own user center
    await b.goto('/#/usercenter');
    await b.getByRole('tab', { name: '黑名單' }).click();
    await expect(b.getByRole('tabpanel', { name: '黑名單' }).getByText(aName)).toBeVisible();
  });

  await test.step('an admin hides the reported post; A gets the reason', async () => {
    const admin = await (await browser.newContext()).newPage();
    await admin.goto('/');
    await signUpThroughProvider(admin, 'e2eadmin');
    await accountButton(admin, 'e2eadmin').click();
    await admin.getByRole('menuitem', { name: 'Moderation' }).click();
    await admin
      .getByRole('list', { name: 'Reported works' })
      .getByRole('button', { name: new RegExp(postName) })
      .click();
    await expect(admin.getByRole('list', { name: 'Evidence pictures' }).getByRole('img')).toHaveCount(2);
    // the evidence opens full screen, on the picture clicked
    await admin.getByRole('button', { name: `View picture 2 from ${bName} full screen` }).click();
    await expect(admin.getByRole('dialog', { name: '2 / 2' })).toBeVisible();
    await admin.keyboard.press('Escape');
    await expect(admin.getByRole('dialog', { name: '2 / 2' })).toBeHidden();
    await admin.getByRole('textbox', { name: 'Reason (shown to the author)' }).fill('Advertising links are not allowed');
    await admin.getByRole('button', { name: 'Hide work' }).click();
    await expect(admin.getByText('Work hidden; the author and the reporters were told')).toBeVisible();
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await expect(admin.getByText(`e2eadmin hid "${postName}" by ${aName}`)).toBeVisible();

    await bell(a).click();
    await a.getByRole('tab', { name: /^Notifications/ }).click();
    await a.getByRole('button', { name: /Your work was hidden/ }).click();
    await expect(a.getByRole('dialog', { name: 'Your work was hidden' })).toContainText('Reason: Advertising links are not allowed');
    // the reporter reads the outcome in their own language, not the moderator's
    await b.getByRole('link', { name: /^通知/ }).click();
    await b.getByRole('tab', { name: /^通知/ }).click();
    await b.getByRole('button', { name: /你的檢舉已審核/ }).click();
    await expect(b.getByRole('dialog', { name: '你的檢舉已審核' })).toContainText('該作品已被隱藏');
    await admin.context().close();
  });

  await aContext.close();
  await b.context().close();
});

test('moderation: an admin lists prompt words from the home page and takes one off', async ({ browser }) => {
  // unique in the run: other specs share the database and may write descriptions
  const tag = uniqueName('').toLowerCase();
  const latin = `scam${tag}`;
  const cjk = `詐騙${tag}`;
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signUpThroughProvider(admin, 'e2eadmin');

  await test.step('from the account menu to the prompt words', async () => {
    await accountButton(admin, 'e2eadmin').click();
    await admin.getByRole('menuitem', { name: 'Moderation' }).click();
    await admin.getByRole('tab', { name: 'Prompt words' }).click();
    await expect(admin.getByRole('heading', { name: 'Prompt words' })).toBeVisible();
  });

  const words = admin.getByRole('list', { name: 'Prompt words' });
  await test.step('adds words one a line and comma separated, normalised, duplicates skipped', async () => {
    await admin.getByRole('button', { name: 'Add words' }).click();
    await expect(admin.getByText('Enter at least one word')).toBeVisible();
    // full-width letters and capitals are stored as plain lower case
    await admin.getByRole('textbox', { name: 'Add words' }).fill(`Ｓｃａｍ${tag}\n${cjk}，SCAM${tag}`);
    await admin.getByRole('button', { name: 'Add words' }).click();
    await expect(admin.getByText('2 words added')).toBeVisible();
    await expect(words.getByText(latin, { exact: true })).toBeVisible();
    await expect(words.getByText(cjk, { exact: true })).toBeVisible();
    await expect(words.getByRole('listitem').filter({ hasText: latin })).toContainText('added by e2eadmin');

    await admin.getByRole('textbox', { name: 'Add words' }).fill(latin);
    await admin.getByRole('button', { name: 'Add words' }).click();
    await expect(admin.getByText('Nothing new: every word was already listed')).toBeVisible();

    await admin.getByRole('textbox', { name: 'Add words' }).fill('x'.repeat(41));
    await admin.getByRole('button', { name: 'Add words' }).click();
    await expect(admin.getByText('A word must be 1 to 40 characters')).toBeVisible();
  });

  await test.step('removes one; the audit log has both changes', async () => {
    await admin.getByRole('button', { name: `Remove “${latin}”` }).click();
    await expect(admin.getByText(`“${latin}” removed`)).toBeVisible();
    await expect(words.getByText(latin, { exact: true })).toHaveCount(0);
    await expect(words.getByText(cjk, { exact: true })).toBeVisible();

    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const log = admin.getByRole('list', { name: 'Audit log' });
    await expect(log.getByRole('listitem').first()).toContainText('e2eadmin removed a prompt word');
    await expect(log.getByRole('listitem').first().getByRole('list', { name: 'Words' })).toHaveText(latin);
    await expect(log.getByRole('listitem').filter({ hasText: 'e2eadmin added 2 prompt words' }).first()).toContainText(cjk);
  });
  await admin.context().close();
});
