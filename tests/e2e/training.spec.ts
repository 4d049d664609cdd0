// The training wizard as an operator walks it, in the real console against the real server: the §5 refusals the
// browser makes before anything is sent (a zip's layout, names, sizes and content, checked in the Web Worker; more
// than 100 images; more than 10 validation images) in Chinese and in English; then upload a generated zip, classify
// with the keyboard, the health check's refusal of unclassified images, train, read the report (threshold slider,
// confusion-matrix drill-down, how it holds up on cameras) and validate on images. The pictures come by signed URLs
// (training images are not public files): each screen's images are checked to load. Every wait is for a condition.
import JSZip from 'jszip';
import { labelledImage, trainingZip } from '../../scripts/trainingDataset.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { signIn } from './support/session.ts';
import { publishedAlgorithm } from './support/training.ts';
import { chooseFiles } from './support/upload.ts';

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/**
 * Publishes an algorithm of the test's own and opens its wizard from the training list (a seeded one could have
 * samples from another test of the worker and open at a later step).
 */
async function openWizard(page: Page, baseURL: string, open: string) {
  const { name } = await publishedAlgorithm(baseURL, '训练向导');
  await page.goto('/algorithmProduction/train');
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: open, exact: true }).click();
  await expect(page).toHaveURL(/algorithmId=\d+.*step=upload/);
}

/** A JPEG by its first bytes, padded to `size` (the browser's check reads the content's magic bytes only). */
const fakeJpeg = (size: number) => {
  const bytes = Buffer.alloc(size, 7);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};

async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, bytes] of Object.entries(entries)) zip.file(path, bytes);
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Waits until the image has loaded (a signed URL the server refused would leave it broken: naturalWidth 0). */
async function expectLoaded(image: ReturnType<Page['locator']>) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img) => { const shown = img as unknown as { complete: boolean; naturalWidth: number }; return shown.complete ? shown.naturalWidth : 0; })).toBeGreaterThan(0);
  expect(await image.getAttribute('src')).toMatch(/^\/files\/private\/.+\?exp=\d+&sig=/);
}

const WORDS = {
  zh: { open: '训练', badFiles: /不符合规则的文件：3 \/ 10/, outer: '文件必须放在与压缩包同名的文件夹“fire”中。', perUpload: '已选择 101 张图片：每次最多上传 100 张。' },
  en: { open: 'Train', badFiles: /Files that break the rules: 3 of 10/, outer: 'The files must be inside a folder named "fire", like the zip.', perUpload: '101 images chosen: at most 100 can be uploaded at a time.' },
};

for (const [language, words] of Object.entries(WORDS)) {
  test(`the browser refuses what §5 forbids before anything is sent (${language})`, async ({ page, baseURL }) => {
    await signIn(page);
    if (language === 'en') await toEnglish(page);
    await openWizard(page, baseURL!, words.open);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('uploadAdjustmentFile')) uploads++;
    });
    const zipInput = page.locator('#train-zip');
    const report = page.getByTestId('zip-report');

    // Wrong outer folder: named unlike the zip.
    await chooseFiles(page, zipInput, { name: 'fire.zip', mimeType: 'application/zip', buffer: await zipOf({ 'smoke/positive/a.jpg': fakeJpeg(20_000), 'smoke/negative/b.jpg': fakeJpeg(20_000) }) });
    await expect(report.getByText(words.outer)).toBeVisible();
    await expect(report.locator('[data-layout="outerFolder"]')).toBeVisible();

    // A Chinese name, a 15 KB image and a renamed text file, among good images: each named.
    const entries: Record<string, Buffer> = {};
    for (let i = 0; i < 4; i++) entries[`fire/positive/p${i}.jpg`] = fakeJpeg(20_000);
    for (let i = 0; i < 3; i++) entries[`fire/negative/n${i}.jpg`] = fakeJpeg(20_000);
    entries['fire/positive/火焰.jpg'] = fakeJpeg(20_000);
    entries['fire/negative/small.jpg'] = fakeJpeg(15 * 1024);
    entries['fire/negative/notes.jpg'] = Buffer.from('x'.repeat(20_000));
    await chooseFiles(page, zipInput, { name: 'fire.zip', mimeType: 'application/zip', buffer: await zipOf(entries) });
    await expect(report.getByRole('table')).toContainText(words.badFiles);
    await expect(report.getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('button', { name: language === 'en' ? 'Upload the zip' : '上传压缩包' })).toBeDisabled();

    // 101 images: refused by the wizard's rule.
    const images = Array.from({ length: 101 }, (_, i) => ({ name: `img${i}.jpg`, mimeType: 'image/jpeg', buffer: fakeJpeg(17_000) }));
    await chooseFiles(page, page.locator('#train-images'), images);
    await page.getByRole('button', { name: language === 'en' ? 'Upload 101 images' : '上传 101 张图片' }).click();
    await expect(page.locator('[data-rule="perUpload"]')).toHaveText(words.perUpload);
    expect(uploads).toBe(0);
  });
}

test('upload a generated zip, classify, train, read the report and validate (zh)', async ({ page, baseURL }) => {
  test.slow();
  await signIn(page);
  await openWizard(page, baseURL!, '训练');
  // A generated labelled set (road scenes with and without a fire-and-smoke patch), in the §5 layout.
  const walkZip = await trainingZip({ name: 'walk', positive: 6, negative: 6, seed: 100 });
  await chooseFiles(page, page.locator('#train-zip'), { name: 'walk.zip', mimeType: 'application/zip', buffer: walkZip });
  await expect(page.getByTestId('zip-report')).toContainText('压缩包符合规则：正样本 6 张，负样本 6 张。');
  await page.getByRole('button', { name: '上传压缩包' }).click();

  // Classify: the zip's folders labelled them; move one back to unclassified with the U key.
  await expect(page).toHaveURL(/step=classify/);
  const grid = page.getByRole('listbox', { name: '样本' });
  await expect(grid.getByRole('option')).toHaveCount(12);
  await expectLoaded(grid.getByRole('option').first().locator('img'));
  await grid.getByRole('option').first().click();
  await grid.press('u');
  await expect(page.getByText(/^共 12 张：.*未分类 1$/)).toBeVisible();

  // The health check refuses training while one is unclassified, and leads back to it.
  await page.getByRole('button', { name: '继续数据检查' }).click();
  await expect(page).toHaveURL(/step=health/);
  await page.getByRole('button', { name: '开始训练' }).click();
  await expect(page.locator('[data-rule="unclassified"]')).toBeVisible();
  await page.getByRole('button', { name: '查看未分类图片' }).click();
  await expect(page).toHaveURL(/step=classify/);
  await page.getByRole('button', { name: '未分类', exact: true }).click();
  await expect(grid.getByRole('option')).toHaveCount(1);
  await grid.getByRole('option').first().click();
  await grid.press('p');
  await expect(page.getByText(/^共 12 张：.*未分类 0$/)).toBeVisible();
  await page.getByRole('button', { name: '继续数据检查' }).click();
  // The augmentation beside Train: 4 copies of each image, mirrored, unless the operator says otherwise.
  await expect(page.getByRole('checkbox', { name: '副本可左右镜像' })).toBeChecked();
  await page.getByRole('button', { name: '开始训练' }).click();

  // Training runs on the server; the report comes with it.
  await expect(page).toHaveURL(/step=evaluate/, { timeout: 120_000 });
  const perClass = page.getByTestId('per-class');
  await expect(perClass.getByRole('row')).toHaveCount(5);
  await page.getByLabel('阈值', { exact: true }).fill('0.99');
  await expect(page.getByText(/判定阈值 0\.99/)).toBeVisible();
  await page.getByTestId('confusion').getByRole('button').first().click();
  await expect(page.getByText(/张图片：实际为正样本，预测为正样本/)).toBeVisible();
  await expectLoaded(page.locator('.train-cell-images img').first());
  // How it holds up on cameras, beside the clean figures, with the copies it was trained on.
  const robustness = page.getByTestId('robustness');
  await expect(robustness.getByRole('row', { name: /重新保存为 JPEG（质量 60）/ })).toContainText('%');
  await expect(robustness.getByRole('row', { name: /缩放到 320 像素宽/ })).toContainText('%');
  await expect(robustness).toContainText('训练使用了 48 张增强副本（每张图片 4 张，部分左右镜像）');

  // Validation: more than 10 images refused here; two are scored by the trained model.
  await page.getByRole('button', { name: '继续验证' }).click();
  await expect(page).toHaveURL(/step=validate/);
  const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `v${i}.png`, mimeType: 'image/png', buffer: labelledImage(500 + i, i % 2 === 0) }));
  await chooseFiles(page, page.locator('#validate-files'), eleven);
  await page.getByRole('button', { name: '验证 11 张图片' }).click();
  await expect(page.locator('[data-rule="validationCount"]')).toHaveText('已选择 11 张图片：每次最多验证 10 张。');
  for (let i = 0; i < 9; i++) await page.getByRole('button', { name: /^移除/ }).first().click();
  await page.getByRole('button', { name: '验证 2 张图片' }).waitFor();
  await page.getByRole('button', { name: '验证 2 张图片' }).click();
  await expect(page.getByTestId('validation').getByRole('row')).toHaveCount(3);
  await expectLoaded(page.getByTestId('validation').locator('img').first());

  // A reload returns to the same step of the same dataset (the trained version found through the warehouse).
  await page.reload();
  await expect(page).toHaveURL(/step=validate/);
  await expect(page.locator('#validate-files')).toBeVisible();

  // Publish, confirmed: the version is in the warehouse, and a reload still knows it.
  await page.getByRole('button', { name: '发布此版本' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '发布此版本' }).click();
  await expect(page.getByText('此版本已发布到算法仓库。')).toBeVisible();
  await expect(page).toHaveURL(/step=publish/);
  await page.reload();
  await expect(page.getByText('此版本已发布到算法仓库。')).toBeVisible();

  // /testVerify validates with the newest trained version too, with the same rule.
  await page.goto('/testVerify');
  // The version in rsuite's picker, the images in the console's upload field (no browser control of its own).
  await expect(page.getByRole('combobox', { name: '训练版本' })).toBeVisible();
  await expect(page.locator('main select, main input[type="file"]:visible')).toHaveCount(0);
  await chooseFiles(page, page.locator('#verify-images'), eleven);
  await expect(page.locator('[data-rule="validationCount"]')).toBeVisible();
  await expect(page.getByRole('button', { name: '验证 11 张图片' })).toBeDisabled();
  for (let i = 0; i < 8; i++) await page.getByRole('button', { name: /^移除/ }).first().click();
  await page.getByRole('button', { name: '验证 3 张图片' }).click();
  await expect(page.getByTestId('validation').getByRole('row')).toHaveCount(4);
});
