// The catalogue screens in Chromium against the real server: each opens with the demo site's data, in Chinese and
// then in English; a tag is added, edited and deleted (after confirmation) on /tagConfig; a model is uploaded on
// /modalBoxPage and published.
import { expect, test } from './support/fixtures.ts';
import { openInside } from './support/navigate.ts';
import { ADMIN, signIn } from './support/session.ts';
import { chooseFiles } from './support/upload.ts';
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';

/** Each screen, a row it shows from the demo data, and a column header in each language. */
const SCREENS: { path: string; row: string; zh: string; en: string }[] = [
  // The first seeded event in the list's order: another spec of the same worker may add events, and '火灾' was
  // pushed onto the second page by one of them (a run with three workers, which dealt the specs differently).
  { path: '/algorithmConfig?tab=events', row: '烟火检测', zh: '事件名称', en: 'Event name' },
  { path: '/algorithmConfig?tab=eventTypes', row: '道路事件', zh: '类型名称', en: 'Type name' },
  { path: '/modalBoxPage', row: '烟火检测', zh: '下载次数', en: 'Downloads' },
  { path: '/modelTypeManage', row: '目标检测', zh: '类型编码', en: 'Type code' },
  { path: '/modelSceneConfig', row: '智慧交通', zh: '场景名称', en: 'Scene name' },
  { path: '/imgTagConfig', row: '误报', zh: '图片数', en: 'Images' },
  { path: '/tagConfig', row: '重点路口', zh: '标签对象', en: 'Labels' },
  { path: '/otherConfig?tab=units', row: '科技园片区', zh: '单位编码', en: 'Unit code' },
  { path: '/otherConfig?tab=groups', row: '南山路口组', zh: '分组名称', en: 'Group name' },
  { path: '/otherConfig?tab=timeModels', row: '工作日白天', zh: '使用任务数', en: 'Tasks using it' },
  { path: '/moveManage', row: '烟火检测', zh: '运行状态', en: 'Run state' },
];

/** A seeded name as an English reader sees it (the server answers seeded values in the reader's language). */
const inEnglish = (seeded: string) => SEEDED_NAMES_EN[seeded] ?? seeded;

test('the catalogue screens open with data, in Chinese and in English', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN, { path: SCREENS[0].path });
  for (const screen of SCREENS) {
    await openInside(page, screen.path);
    await expect(page.getByRole('row').filter({ hasText: screen.row }).first(), screen.path).toBeVisible();
    await expect(page.getByRole('columnheader', { name: screen.zh, exact: true }).first(), screen.path).toBeVisible();
  }
  await openInside(page, '/algorithmMall');
  await expect(page.getByRole('heading', { level: 2, name: /车辆检测/ })).toBeVisible();
  await openInside(page, '/algorithmConfig');
  await expect(page.getByRole('heading', { name: '算法参数' })).toBeVisible();
  await expect(page.getByLabel('最短停留时间（秒）')).toBeVisible();
  await openInside(page, '/otherConfig?tab=settings');
  await expect(page.getByRole('heading', { name: '告警输出' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '水印' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '检索与推送' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '出站调用允许的主机' })).toBeVisible();

  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  // The choice is remembered once the English catalogues are in: the menu says so.
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  for (const screen of SCREENS) {
    await openInside(page, screen.path);
    await expect(page.getByRole('row').filter({ hasText: inEnglish(screen.row) }).first(), screen.path).toBeVisible();
    await expect(page.getByRole('columnheader', { name: screen.en, exact: true }).first(), screen.path).toBeVisible();
  }
  await openInside(page, '/otherConfig?tab=settings');
  await expect(page.getByRole('heading', { name: 'Watermark' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Allowed hosts of outbound calls' })).toBeVisible();
  await openInside(page, '/algorithmMall');
  await expect(page.getByText('Most downloaded')).toBeVisible();
  await openInside(page, '/algorithmConfig');
  await expect(page.getByLabel('Least dwell time (s)')).toBeVisible();
  // Leave the worker's browser state as it was found.
  await page.getByRole('button', { name: /Administrator|系统管理员/ }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
});

test('a tag is added, edited and deleted after confirmation on /tagConfig', async ({ page }) => {
  await signIn(page, ADMIN, { path: null });
  const name = `测试标签${Date.now().toString(36)}`;
  await page.goto('/tagConfig');
  await page.getByRole('button', { name: '添加标签' }).click();
  const dialog = page.getByRole('dialog', { name: '添加标签' });
  // The form loads on demand: a Save before it is there would send nothing.
  await expect(dialog.getByLabel(/^标签名称/)).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toContainText('标签名称');
  await dialog.getByLabel(/^标签名称/).fill(name);
  await dialog.getByText('告警', { exact: true }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('告警');

  // A duplicate name within the type is refused by the server, in place.
  await page.getByRole('button', { name: '添加标签' }).click();
  await dialog.getByLabel(/^标签名称/).fill(name);
  await dialog.getByText('告警', { exact: true }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toContainText('已存在');
  await dialog.getByRole('button', { name: '取消' }).click();

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: `编辑标签“${name}”` });
  await edit.getByLabel(/^备注/).fill('端到端测试');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('端到端测试');

  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除标签' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: '取消' }).click();
  // Gone before the row's Delete again (see system.spec: a click while it leaves lost the next confirmation).
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(row).toHaveCount(0);
});

test('a model is uploaded on /modalBoxPage and published', async ({ page }) => {
  await signIn(page, ADMIN, { path: null });
  const name = `端到端模型${Date.now().toString(36)}`;
  await page.goto('/modalBoxPage');
  await page.getByRole('button', { name: '上传模型' }).click();
  const dialog = page.getByRole('dialog', { name: '上传模型' });
  // A zip's first bytes: the server checks the content, not only the name.
  const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');
  await chooseFiles(page, dialog.getByLabel(/^模型文件/), { name: 'e2e.zip', mimeType: 'application/zip', buffer: zip });
  await dialog.getByLabel(/^模型名称/).fill(name);
  await dialog.getByRole('combobox', { name: /模型类型/ }).click();
  await page.getByRole('option', { name: '目标检测' }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('未上架');
  await row.getByRole('button', { name: '上架' }).click();
  await page.getByRole('alertdialog', { name: '上架模型' }).getByRole('button', { name: '上架' }).click();
  await expect(row).toContainText('已上架');
});

test('an orchestrated algorithm, once published, is in the mall and runs on a camera from /moveManage', async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = await (await request.post('/api/user/login', { data: { username: 'admin', password: 'Argus@2026' } })).json();
  const headers = { token: login.token as string };
  const name = `纸箱编排${Date.now().toString(36)}`;
  const param = JSON.stringify({ identifyObj: { checked: true, prompt: ['paper box'], box_threshold: 0.5 } });
  const draft = await (await request.post('/api/custom/add', { headers, data: { name, customEventType: 3, param } })).json();
  expect(draft.code).toBe(0);
  expect((await (await request.put('/api/custom/publish', { headers, data: { id: draft.data.id, typeId: 2 } })).json()).code).toBe(0);
  // A camera the platform analyses itself (no edge box): a run starts on it at once.
  const camera = `平台摄像机${Date.now().toString(36)}`;
  const added = await (await request.post('/api/device/add', { headers, data: { name: camera, kind: 'normal', rtspUrl: 'rtsp://198.51.100.9:554/live' } })).json();
  expect(added.code).toBe(0);

  await signIn(page, ADMIN, { path: `/algorithmMall?keyword=${encodeURIComponent(name)}` });
  const card = page.getByRole('article', { name: new RegExp(name) });
  await expect(card).toContainText('算法编排');
  await expect(card).toContainText('1.0.0');

  await page.goto('/moveManage');
  await page.getByRole('button', { name: '部署算法到摄像机' }).click();
  const dialog = page.getByRole('dialog', { name: '部署算法到摄像机' });
  await dialog.getByRole('combobox', { name: /算法版本/ }).click();
  await page.getByRole('option', { name: `${name} 1.0.0` }).click();
  await dialog.getByRole('combobox', { name: /摄像机/ }).click();
  await page.getByRole('option', { name: camera }).click();
  await dialog.locator('#moveManage-title, .rs-modal-title').first().click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: camera });
  await expect(row).toContainText('未启动');
  await row.getByRole('button', { name: '启动' }).click();
  await page.getByRole('alertdialog', { name: '启动算法运行' }).getByRole('button', { name: '启动' }).click();
  await expect(row).toContainText('运行中');
  await row.getByRole('button', { name: '停止' }).click();
  await page.getByRole('alertdialog', { name: '停止算法运行' }).getByRole('button', { name: '停止' }).click();
  await expect(row).toContainText('已结束');
});
