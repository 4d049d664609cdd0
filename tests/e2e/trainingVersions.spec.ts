// Trained versions as an operator uses them, on the demo site's seeded training area: the /algorithmProduction
// landing (statuses, continue where left), the warehouse's versions (withdraw and publish, each confirmed; export
// the package; import it back as a new version), /synchroModelInfo (compare two versions, reopen a report, sync a
// published version to the demo's simulated edge box), the portable exports (one ONNX model, the dataset) and how a
// version holds up on cameras in the report and the comparison (Chinese and English), and the wizard's upload
// progress with its cancel.
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { trainingZip } from '../../scripts/trainingDataset.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { chooseFiles } from './support/upload.ts';
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';

const TRAINED = '隧道火情烟雾识别';
const HALFWAY = '园区烟火识别-样本整理中';

/** Chooses an algorithm in /synchroModelInfo's picker (rsuite's SelectPicker) by its option's text. */
async function pickAlgorithm(page: Page, label: string, name: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option').filter({ hasText: name }).first().click();
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('Argus@2026');
  await page.getByLabel('密码').press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
}

test('the landing shows each algorithm where it stands and continues it at its step', async ({ page }) => {
  await signIn(page);
  await page.goto('/algorithmProduction');
  const landing = page.getByTestId('production-landing');
  const trained = landing.getByRole('row').filter({ hasText: TRAINED });
  await expect(trained).toContainText('已发布：train-1');
  const halfway = landing.getByRole('row').filter({ hasText: HALFWAY });
  await expect(halfway).toContainText('数据集准备中');
  await expect(halfway).toContainText('正样本 3，负样本 3，未分类 6');
  await halfway.getByRole('link', { name: '继续' }).click();
  await expect(page).toHaveURL(/\/algorithmProduction\/train\?algorithmId=\d+&step=classify/);
  await expect(page.getByText(/^共 12 张：.*未分类 6$/)).toBeVisible();
});

test('publish and withdraw (confirmed), export a version and import it back, then compare the two', async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto('/algorithmProduction/warehouse');
  const row = page.getByRole('row').filter({ hasText: TRAINED }).first();
  await row.getByRole('button', { name: '版本（1）' }).click();
  const panel = page.locator('.train-versions');
  const version1 = panel.getByRole('row').filter({ hasText: 'train-1' });
  await expect(version1).toContainText('已发布');
  await expect(panel.getByTestId('retrain-line')).toHaveText('版本 train-1 已用上所有已分类图片训练。');

  // Withdraw, confirmed in a dialog; the warehouse row follows.
  await version1.getByRole('button', { name: '撤回' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('撤回版本 train-1？');
  await dialog.getByRole('button', { name: '撤回' }).click();
  await expect(version1).toContainText('未发布');
  await expect(row).toContainText('无已发布版本');
  await version1.getByRole('button', { name: '发布' }).click();
  await dialog.getByRole('button', { name: '发布' }).click();
  await expect(version1).toContainText('已发布');
  await expect(row).toContainText('已发布：train-1');

  // Export the package, and import it back: a new version of the same algorithm.
  const [download] = await Promise.all([page.waitForEvent('download'), version1.getByRole('button', { name: '导出版本包' }).click()]);
  expect(download.suggestedFilename()).toBe(`${TRAINED}-train-1.zip`);
  const bytes = readFileSync((await download.path()) as string);
  await chooseFiles(page, panel.locator('[id^="version-import-"]'), { name: 'package.zip', mimeType: 'application/zip', buffer: bytes });
  await panel.getByRole('button', { name: '导入', exact: true }).click();
  await expect(panel.getByText('已导入为版本 train-2。')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: 'train-2' })).toContainText('导入');

  // Compare the two side by side, then reopen one's report.
  await page.goto('/synchroModelInfo');
  await pickAlgorithm(page, '算法', `${TRAINED}（2 个版本）`);
  // The picks live in the URL: a click navigates, then the box shows it.
  await page.getByRole('checkbox', { name: '对比版本 train-1' }).click();
  await expect(page.getByRole('checkbox', { name: '对比版本 train-1' })).toBeChecked();
  await expect(page.getByText('再勾选一个版本即可对比。')).toBeVisible();
  await page.getByRole('checkbox', { name: '对比版本 train-2' }).click();
  await expect(page.getByRole('checkbox', { name: '对比版本 train-2' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'train-1 与 train-2 对比' })).toBeVisible();
  const table = page.getByTestId('compare-table');
  // The imported copy has the same figures: every change is ±0, robustness included.
  await expect(table.getByRole('row').filter({ hasText: '准确率' }).first()).toContainText('±0');
  await expect(table.getByRole('row', { name: /重新保存为 JPEG（质量 60）后的准确率/ })).toContainText('±0');
  await expect(table.getByRole('row', { name: /缩放到 320 像素宽后的平均精度/ })).toContainText('%');
  // Both confusion matrices, side by side, count the same images.
  const matrices = page.locator('[data-testid^="compare-confusion-"]');
  await expect(matrices).toHaveCount(2);
  const counts = async (index: number) => (await matrices.nth(index).locator('tbody td').allTextContents()).map(Number);
  const first = await counts(0);
  expect(first.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
  expect(await counts(1)).toEqual(first);
  await expect(matrices.first().getByRole('rowheader', { name: /^实际为/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/compare=\d+(,|%2C)\d+/);
  await page.getByRole('button', { name: 'train-1 的报告' }).click();
  await expect(page.getByRole('heading', { name: /版本 train-1 的报告/ })).toBeVisible();
  await expect(page.getByTestId('per-class').getByRole('row')).toHaveCount(5);
});

test('export one portable ONNX model and the dataset; the report and the comparison say how it holds up on cameras (en)', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/algorithmProduction/warehouse');
  // (In English the seeded algorithm's row carries its English name; its files keep the stored one.)
  const row = page.getByRole('row').filter({ hasText: SEEDED_NAMES_EN[TRAINED] }).first();
  await row.getByRole('button', { name: /^Versions \(\d+\)$/ }).click();
  const panel = page.locator('.train-versions');
  const version1 = panel.getByRole('row').filter({ hasText: 'train-1' });
  // Its accuracy after what cameras do (the lower of the two), in the list.
  await expect(version1.getByRole('cell').nth(5)).toContainText('%');
  const [onnx] = await Promise.all([page.waitForEvent('download'), version1.getByRole('button', { name: 'Export ONNX' }).click()]);
  expect(onnx.suggestedFilename()).toBe(`${TRAINED}-train-1-onnx.zip`);
  const [dataset] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export dataset' }).click()]);
  expect(dataset.suggestedFilename()).toBe(`${TRAINED}.zip`);
  const zip = await JSZip.loadAsync(readFileSync((await dataset.path()) as string));
  const images = Object.keys(zip.files).filter((name) => !name.endsWith('/'));
  expect(images.filter((name) => name.startsWith(`${TRAINED}/positive/`))).toHaveLength(10);
  expect(images.filter((name) => name.startsWith(`${TRAINED}/negative/`))).toHaveLength(10);

  await page.goto('/synchroModelInfo');
  await pickAlgorithm(page, 'Algorithm', SEEDED_NAMES_EN[TRAINED]);
  await page.getByRole('button', { name: 'Report of train-1' }).click();
  const robustness = page.getByTestId('robustness');
  await expect(robustness.getByRole('heading', { name: 'Does it hold up on real cameras?' })).toBeVisible();
  await expect(robustness.getByRole('row', { name: /Saved again as JPEG \(quality 60\)/ })).toContainText('%');
  await expect(robustness.getByRole('row', { name: /Resized to 320 px wide/ })).toContainText('%');
  await expect(robustness).toContainText(/Seed \d+: the same images and settings give this same report\./);
});

test('sync the published version to a simulated edge box: chosen, confirmed, pending, then applied by the box', async ({ page }) => {
  await signIn(page);
  await page.goto('/synchroModelInfo');
  // The other test of this file may have imported a second version: pick the algorithm by its name.
  await pickAlgorithm(page, '算法', TRAINED);
  await page.getByRole('button', { name: '同步 train-1 到边缘盒子' }).click();
  await expect(page).toHaveURL(/sync=\d+/);
  const panel = page.locator('.train-sync');
  await expect(panel.getByRole('heading', { name: `同步 ${TRAINED} 的版本 train-1 到边缘盒子` })).toBeVisible();
  await expect(panel.getByText('该版本还没有同步到任何盒子。')).toBeVisible();
  // The simulated boxes heartbeat from the server's start: online.
  const box = panel.getByLabel('南山路口边缘盒子：在线');
  await expect(box).toBeVisible();
  await box.check();
  await expect(panel.getByText('已选 1 个（最多 50 个）')).toBeVisible();
  await panel.getByRole('button', { name: '同步到选中的盒子' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('将版本 train-1 同步到 1 个边缘盒子？');
  await expect(dialog).toContainText('南山路口边缘盒子');
  await dialog.getByRole('button', { name: '同步' }).click();
  await expect(dialog).toBeHidden();
  const row = panel.getByTestId('sync-status').getByRole('row').filter({ hasText: '南山路口边缘盒子' });
  // Queued; the box takes it with its next heartbeat (every 10 s) and answers at once: the table refreshes itself
  // (every 2 s). A box another test of this worker's server restarted is away 5 s first, and a loaded machine's
  // timers run late: a limit of two heartbeats and the rest.
  await expect(row).toContainText(/待下发|已下发|已应用/);
  await expect(row).toContainText('已应用', { timeout: 45_000 });
  await expect(panel.getByText('所有同步都已有回执。')).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).not.toBeEmpty();
});

test('an upload shows its progress and can be cancelled while under way', async ({ page }) => {
  await signIn(page);
  await page.goto('/algorithmProduction');
  await page.getByTestId('production-landing').getByRole('row').filter({ hasText: HALFWAY }).getByRole('link', { name: '继续' }).click();
  await expect(page).toHaveURL(/step=classify/);
  await page.getByRole('button', { name: '上传' }).click();
  await expect(page).toHaveURL(/step=upload/);
  // The server is slow to answer this upload: the operator cancels it while it is under way.
  let release: () => void = () => undefined;
  await page.route('**/warehouse/uploadAdjustmentFileZip', async (route) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.abort().catch(() => undefined);
  });
  const zip = await trainingZip({ name: 'slow', positive: 4, negative: 4, seed: 900 });
  await chooseFiles(page, page.locator('#train-zip'), { name: 'slow.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: '上传压缩包' }).click();
  await expect(page.getByTestId('upload-progress')).toContainText('上传中');
  await page.getByRole('button', { name: '取消上传' }).click();
  await expect(page.getByRole('alert')).toContainText('已取消上传。');
  release();
  await expect(page).toHaveURL(/step=upload/);
  await expect(page.getByText(/^共 12 张：.*未分类 6$/)).toBeVisible();
});
