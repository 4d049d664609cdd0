// The console shell in Chromium against the real server: the menu, navigation, breadcrumbs, the language, the
// user menu; the operator's menu and the permission guard; third-party sign-in; the route walk is routeWalk.spec.ts.
import { type APIRequestContext, expect, type Page, test } from './support/fixtures.ts';

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('密码').press('Enter');
}

async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const answer = await (await request.post('/api/user/login', { data: { username, password } })).json();
  expect(answer.code).toBe(0);
  return answer.token as string;
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: '菜单' });
const currentCrumb = (page: Page) => page.locator('.shell-breadcrumbs [aria-current="page"]');

/** Opens a folded menu group (a click on an open group would fold it). */
async function openGroup(page: Page, name: string) {
  const toggle = sideMenu(page).getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('admin: menu → navigate → breadcrumbs → language → password check → logout', async ({ page }) => {
  await signIn(page, 'admin', 'Argus@2026');
  await expect(page).toHaveURL(/\/index_traffic$/);
  await expect(page.getByRole('heading', { level: 1, name: '交通首页' })).toBeVisible();
  await expect(currentCrumb(page)).toHaveText('交通首页');
  await expect(page.locator('.shell-version')).toHaveText('Argus V1.0');

  // A menu item in another group: the group opens, the breadcrumbs follow the menu.
  await openGroup(page, '告警中心');
  await sideMenu(page).getByRole('link', { name: '历史事件' }).click();
  await expect(page).toHaveURL(/\/historyEvent$/);
  const crumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(crumbs).toContainText('告警中心');
  await expect(currentCrumb(page)).toHaveText('历史事件');

  // The video centre opens from its menu item, with its camera list.
  await sideMenu(page).getByRole('link', { name: '视频中心' }).click();
  await expect(page).toHaveURL(/\/videoPlayCenter$/);
  await expect(page.getByRole('heading', { level: 1, name: '视频中心' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '摄像机' })).toBeVisible();

  // A menu item with type ids (the seeded traffic-live page: road events) carries them as typeIds, and is the
  // highlighted item.
  await openGroup(page, '首页');
  await sideMenu(page).getByRole('link', { name: '交通实况' }).click();
  await expect(page).toHaveURL(/\/index_traffic_truth\?typeIds=1001%2C1002%2C/);
  await expect(currentCrumb(page)).toHaveText('交通实况');
  await expect(sideMenu(page).getByRole('link', { name: '交通实况' })).toHaveAttribute('aria-current', 'true');

  // The language changes in place from the user menu.
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(currentCrumb(page)).toHaveText('Traffic live');
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Traffic home' })).toBeVisible();

  // Change password: the form's own checks, then the server's refusal of a wrong current password.
  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter your current password')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByLabel('New password', { exact: true }).fill('Other@2026');
  await dialog.getByLabel('Confirm the new password').fill('Other@2027');
  await expect(dialog.getByText('The two passwords do not match')).toBeVisible();
  await dialog.getByLabel('Confirm the new password').fill('Other@2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: '系统管理员' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('operator: no System menu, and the guard refuses /userConfig', async ({ page }) => {
  await signIn(page, 'operator', 'Operator@2026');
  await expect(page).toHaveURL(/\/index_traffic$/);
  await expect(sideMenu(page).getByRole('button', { name: '告警中心' })).toBeVisible();
  await expect(sideMenu(page).getByText('系统管理')).toHaveCount(0);

  await page.goto('/userConfig');
  await expect(page.getByRole('heading', { name: '没有访问权限' })).toBeVisible();
  await expect(page.getByText('您的角色没有「用户管理」的权限')).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/index_traffic');
});

test('third-party sign-in: a one-time code opens the named page signed in as its user', async ({ page, request }) => {
  const adminToken = await apiToken(request, 'admin', 'Argus@2026');
  const issued = await (await request.post('/api/user/thirdLoginCode', { headers: { token: adminToken }, data: { userId: 2 } })).json();
  expect(issued.code).toBe(0);
  const code = issued.data.code as string;

  await page.goto(`/thirdLogin?code=${encodeURIComponent(code)}&moduleName=historyEvent&convertId=A-17`);
  await expect(page).toHaveURL(/\/historyEvent\?convertId=A-17$/);
  await expect(page.getByRole('button', { name: '值班员' })).toBeVisible();
  await expect(currentCrumb(page)).toHaveText('历史事件');

  // The code worked once. Opened again while signed in: the user stays signed in (main page) and is told why, in
  // the server's words (§8).
  const refused = '第三方登录链接无效、已使用或已过期，请重新获取';
  const messages = page.getByRole('region', { name: '消息' });
  await page.goto(`/thirdLogin?code=${encodeURIComponent(code)}&moduleName=historyEvent`);
  await expect(page).toHaveURL(/\/index_traffic$/);
  await expect(messages.getByText(refused)).toBeVisible();
  await expect(page.getByRole('button', { name: '值班员' })).toBeVisible();
  // A code that is not even shaped like one: the server's same words (it refuses it like an unknown code), not a
  // validation text.
  await page.goto('/thirdLogin?code=abc');
  await expect(page).toHaveURL(/\/index_traffic$/);
  await expect(messages.getByText(refused).first()).toBeVisible();
  await expect(messages.getByText(/query\.code/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: '值班员' })).toBeVisible(); // the stored session survived

  // Not signed in: the same words, and the login page.
  await page.evaluate(() => localStorage.removeItem('argus.session'));
  await page.goto(`/thirdLogin?code=${encodeURIComponent(code)}&moduleName=historyEvent`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(messages.getByText(refused)).toBeVisible();
});

test('the assistant panel frames the local agent page, which says it is not connected', async ({ page }) => {
  await signIn(page, 'admin', 'Argus@2026');
  await expect(page).toHaveURL(/\/index_traffic$/);
  await page.getByRole('button', { name: '打开智能助手' }).click();
  const agent = page.frameLocator('iframe[title="智能体对话页面"]');
  await expect(agent.getByText('argus-assistant')).toBeVisible();
  await agent.getByLabel('输入消息').fill('你好');
  await agent.getByRole('button', { name: '发送' }).click();
  await expect(agent.getByText(/智能体服务 argus-assistant 未连接/)).toBeVisible();
  await page.getByRole('button', { name: '关闭窗口' }).click();
  await expect(page.locator('#assistant-panel')).toBeHidden();
  await expect(page.getByRole('button', { name: '打开智能助手' })).toBeFocused();
});

test('the public pages: navigation cards, the portal, and the cooperation form end to end', async ({ page }) => {
  await page.goto('/navigation');
  await expect(page.getByRole('heading', { level: 1, name: '导航' })).toBeVisible();
  await expect(page.getByRole('link', { name: '打开' })).toHaveCount(9);
  await page.getByRole('link', { name: '打开' }).first().click();
  await expect(page).toHaveURL(/\/login$/); // no session yet

  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 1, name: '门户' })).toBeVisible();
  await page.getByRole('link', { name: '合作与授权咨询' }).click();
  await expect(page).toHaveURL(/\/cooperate$/);
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请填写公司名称')).toBeVisible();
  await expect(page.getByLabel(/^公司名称/)).toBeFocused();
  await page.getByLabel(/^公司名称/).fill('深圳市示例科技有限公司');
  await page.getByLabel(/^联系人/).fill('张伟');
  await page.getByLabel(/^联系电话/).fill('0755-8888 7777');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('联系电话只能包含数字和连字符')).toBeVisible();
  await page.getByLabel(/^联系电话/).fill('0755-88887777');
  await page.getByLabel(/^合作意向/).fill('接入 20 路摄像机');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByRole('status')).toContainText('已收到您的申请');
});

test('the static helpers are served from the app root and work', async ({ page }) => {
  await page.goto('/portal');
  for (const file of ['fmp4Player', 'track', 'tag', 'map', 'fly']) await page.addScriptTag({ url: `/lib/${file}.js` });
  // Runs in the page (a string: the browser tests are compiled without the DOM library).
  const result = await page.evaluate(`(async () => {
    const host = document.body.appendChild(document.createElement('div'));
    Object.assign(host.style, { width: '400px', height: '300px' });
    const map = ArgusMap.create(host, { center: [22.5464, 114.0593], zoom: 12 });
    const marker = map.addMarker({ id: 'a', lat: 22.5464, lng: 114.0593, title: 'A' });
    const canvas = document.body.appendChild(document.createElement('canvas'));
    Object.assign(canvas.style, { width: '200px', height: '100px' });
    ArgusTrack.create(canvas).update([{ id: 1, box: [0.1, 0.1, 0.2, 0.2], color: '#ff0000' }]);
    ArgusTag.draw(canvas, [{ x: 0.5, y: 0.5, text: 'A 0.9' }]);
    const drew = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.some((v) => v !== 0);
    const target = document.body.appendChild(document.createElement('span'));
    await ArgusFly.flyTo(marker, target, { duration: 50 });
    return {
      markerAtCentre: marker.style.transform.startsWith('translate(200px, 150px)'),
      drew,
      mse: typeof ArgusFmp4Player.isSupported === 'function',
    };
  })()`);
  expect(result).toEqual({ markerAtCentre: true, drew: true, mse: true });
});
