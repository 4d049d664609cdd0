// Orchestration as an operator does it, in the real console against the real server and the real detector:
// create an algorithm from a §9 preset, see which prompts the detector supports (an unsupported one shown with its
// reason), validate it on a real photo (boxes drawn), publish it, and find it in the history and the warehouse —
// in Chinese and in English. Every wait is for a condition.
import { expect, type Page, test } from './support/fixtures.ts';
import { signIn } from './support/session.ts';
import { realPhotoPath } from '../support/realPhotos.ts';
import { chooseFiles } from './support/upload.ts';

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

interface Words {
  title: string;
  validateTab: string;
  add: string;
  name: string;
  preset: RegExp;
  create: string;
  notInVocabulary: string;
  notAnObject: string;
  save: string;
  unvalidated: string;
  validated: string;
  pick: RegExp;
  preset53: RegExp;
  run: RegExp;
  publish: string;
  publishConfirm: string;
  history: string;
  synonym: string;
}

const zh: Words = {
  title: '算法编排',
  validateTab: '验证',
  add: '新建算法',
  name: '算法名称',
  preset: /从预置事件开始/,
  create: '创建并编辑',
  notInVocabulary: '不在检测模型的 80 个类别中',
  notAnObject: '这是现象或状态',
  save: '保存',
  unvalidated: '已保存，未验证',
  validated: '已保存，已验证',
  pick: /选择图片/,
  preset53: /^事件 53：/,
  run: /验证 1 张图片/,
  publish: '发布到算法仓库',
  publishConfirm: '发布',
  history: '算法编排记录',
  synonym: '同义词，可识别为',
};
const en: Words = {
  title: 'Algorithm orchestration',
  validateTab: 'Validate',
  add: 'New algorithm',
  name: 'Algorithm name',
  preset: /Start from a preset event/,
  create: 'Create and edit',
  notInVocabulary: "not among the detector's 80 classes",
  notAnObject: 'a phenomenon or state',
  save: 'Save',
  unvalidated: 'Saved, not validated',
  validated: 'Saved and validated',
  pick: /Choose images/,
  preset53: /^Event 53:/,
  run: /Validate 1 image\b/,
  publish: 'Publish to the warehouse',
  publishConfirm: 'Publish',
  history: 'Orchestration history',
  synonym: 'Synonym, detected as',
};

async function orchestrate(page: Page, w: Words, name: string) {
  await page.goto('/algorithmicSetup');
  await expect(page.getByRole('heading', { name: w.title, exact: true })).toBeVisible();
  // §4: the algorithm setup menu type defaults to validate.
  await expect(page.getByRole('tab', { name: w.validateTab })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: w.add, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(w.name).fill(name);
  await dialog.getByRole('combobox', { name: w.preset }).click();
  await page.getByRole('option', { name: w.preset53 }).click();
  await dialog.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/\/setUp\?id=\d+$/);

  // The §9 prompts of event 53: person and plant (a synonym) are detected, "plastic bag" is not — shown, with why.
  const prompt = (text: string) => page.locator(`[data-prompt="${text}"]`);
  await expect(prompt('person')).toHaveClass(/supported/);
  await expect(prompt('plant')).toContainText(w.synonym);
  await expect(prompt('plastic bag')).toHaveClass(/unsupported/);
  await expect(prompt('plastic bag')).toContainText(w.notInVocabulary);
  await page.locator('#orch-prompt-input').fill('smoke');
  await page.locator('#orch-prompt-input').press('Enter');
  await expect(prompt('smoke')).toContainText(w.notAnObject);

  // The measured threshold: the 0.25 mark (people's default), then save; not validated yet, so publishing is not offered.
  await page.getByRole('button', { name: '0.25', exact: true }).click();
  await expect(page.getByTestId('threshold-value')).toHaveText('0.25');
  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page.getByTestId('draft-status')).toHaveText(w.unvalidated);
  await expect(page.getByRole('button', { name: w.publish })).toBeDisabled();

  // Validate on a real photo: boxes drawn, the unsupported prompts listed with their reasons.
  await chooseFiles(page, page.getByLabel(w.pick), realPhotoPath('crowd'));
  await page.getByRole('button', { name: w.run }).click();
  const image = page.getByTestId('validation-image');
  await expect(image).toBeVisible({ timeout: 60_000 });
  const canvas = image.locator('canvas');
  await expect.poll(async () => Number(await canvas.getAttribute('data-boxes')), { timeout: 20_000 }).toBeGreaterThan(5);
  await expect(page.locator('[data-unsupported="plastic bag"]')).toContainText(w.notInVocabulary);
  await expect(page.locator('[data-unsupported="smoke"]')).toContainText(w.notAnObject);
  await expect(image.locator('[data-triggered="true"]')).toBeVisible();
  await expect(page.getByTestId('draft-status')).toHaveText(w.validated);

  // Moving the threshold re-filters the drawn boxes without a new run.
  const before = Number(await canvas.getAttribute('data-boxes'));
  await page.getByRole('button', { name: '0.7', exact: true }).click();
  await expect.poll(async () => Number(await canvas.getAttribute('data-boxes'))).toBeLessThan(before);
  await page.getByRole('button', { name: '0.25', exact: true }).click();
  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page.getByTestId('draft-status')).toHaveText(w.validated);

  // Publish.
  await page.getByRole('button', { name: w.publish }).click();
  await page.getByRole('dialog').getByRole('button', { name: w.publishConfirm, exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText(/1\.0\.0/).first()).toBeVisible();

  // In the history, and in the warehouse list.
  await page.goto('/algorithmProduction/algorithmHistory');
  await expect(page.getByRole('heading', { name: w.history })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('1.0.0');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('argus.session') ?? '{}').token as string);
  const answer = await page.request.post('/api/custom/warehouse/list', { headers: { token }, data: { name } });
  const list = (await answer.json()).data.list as { name: string; version: string }[];
  expect(list).toEqual([expect.objectContaining({ name, version: '1.0.0' })]);
}

test('orchestrate an event with prompts, validate it on a photo, publish it — in Chinese', async ({ page }) => {
  test.setTimeout(180_000); // the detector loads on first use on a busy 2-core machine
  await signIn(page);
  await orchestrate(page, zh, 'e2e-垃圾暴露');
});

test('the same walk in English', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await toEnglish(page);
  await orchestrate(page, en, 'e2e-litter');
});
