// Licensing and push in Chromium against the real server: an application made on /applyAuthorization is granted by
// an administrator in another window and the applicant's screen shows it granted without a reload (the
// authorization machine polls); on /activationManage a generated code with one character changed is refused with
// the reason and the real one activates; on /plugManage an endpoint on loopback is refused by the outbound
// allow-list with the reason, allowed by the administrator in the platform settings, then added, and a test push
// reaches the local receiver with a valid signature and shows as delivered in the log.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

test('an application granted elsewhere shows as granted without a reload', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const company = `端到端公司${Date.now().toString(36)}`;
  await page.goto('/applyAuthorization');
  await expect(page.getByText('提交申请，或在申请上点“跟踪状态”')).toBeVisible();
  await page.getByRole('button', { name: '申请授权' }).first().click();
  const dialog = page.getByRole('dialog', { name: '申请授权' });
  await expect(dialog.getByLabel(/^公司名称/)).toBeVisible();
  await dialog.getByLabel(/^申请路数/).fill('4');
  await dialog.getByLabel(/^公司名称/).fill(company);
  await dialog.getByLabel(/^联系人/).fill('王五');
  await dialog.getByLabel(/^联系电话/).fill('0755-1234');
  await dialog.getByRole('combobox', { name: /算法事件/ }).click();
  await page.getByRole('option', { name: /火灾/ }).first().click();
  // Close the picker by clicking its field again (Escape would close the dialog).
  await dialog.getByRole('combobox', { name: /算法事件/ }).click();
  await expect(page.getByTestId('picker-popup')).toBeHidden();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const watch = page.locator('.authorization-watch');
  await expect(watch).toContainText('状态：已申请');
  await expect(watch.getByRole('status')).toContainText(/秒后再次查询|正在查询状态/);

  // The administrator grants it in another window.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage);
  await adminPage.goto('/applyAuthorization');
  const row = adminPage.getByRole('row').filter({ hasText: company });
  await row.getByRole('button', { name: '批准' }).click();
  await adminPage.getByRole('alertdialog', { name: '批准授权申请' }).getByRole('button', { name: '批准' }).click();
  await expect(row).toContainText('已批准');
  await admin.close();

  // The applicant's screen follows it (polls back off to at most 10 s).
  await expect(watch).toContainText('状态：已批准', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/applyAuthorization/);
});

test('a tampered activation code is refused with the reason; the real one activates', async ({ page }) => {
  await signIn(page, ADMIN, { path: '/activationManage' });
  await page.getByRole('button', { name: '生成激活码' }).click();
  const dialog = page.getByRole('dialog', { name: '生成激活码' });
  await expect(dialog.getByLabel(/^生成数量/)).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const codeCell = page.getByRole('row').filter({ hasText: '未使用' }).first().locator('code');
  const code = (await codeCell.getAttribute('title')) ?? '';
  expect(code).toMatch(/^ARGS1\./);
  // Tampered as a user would: more channels, the signature kept. (Flipping a character at a fixed place could
  // land in the installation id, which is then refused as another installation's: the CI run on a clean clone did.)
  const [head, claims, signature] = code.split('.');
  const raised = { ...JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')), ch: 1024 };
  const tampered = Buffer.from(JSON.stringify(raised)).toString('base64url');
  const panel = page.locator('.activate-panel');
  await panel.getByLabel('激活码').fill(`${head}.${tampered}.${signature}`);
  await panel.getByLabel('设备序列号').fill('ARGUS-BOX-0001');
  await panel.getByRole('button', { name: '激活' }).click();
  await expect(panel.getByRole('alert')).toContainText('已拒绝：激活码签名校验失败');
  await panel.getByLabel('激活码').fill(code);
  await panel.getByRole('button', { name: '激活' }).click();
  await expect(panel.getByRole('status')).toContainText('已激活到 ARGUS-BOX-0001');
  await expect(page.getByRole('row').filter({ hasText: 'ARGUS-BOX-0001' }).first()).toContainText('已激活');
});

test('an endpoint is added and a test push reaches a local receiver, signed', async ({ page }) => {
  const got: { headers: IncomingMessage['headers']; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alarms`;
  const secret = 'e2e-secret-42';
  const name = `平台${Date.now().toString(36)}`;
  try {
    await signIn(page, ADMIN, { path: '/plugManage' });
    const addEndpoint = async () => {
      await page.getByRole('button', { name: '新增端点' }).click();
      const dialog = page.getByRole('dialog', { name: '新增端点' });
      await expect(dialog.getByLabel(/^行业名称/)).toBeVisible();
      await dialog.getByLabel(/^行业名称/).fill(name);
      await dialog.getByLabel(/^地址/).fill(url);
      await dialog.getByLabel(/^签名密钥/).fill(secret);
      await dialog.getByRole('button', { name: '保存' }).click();
      return dialog;
    };
    // Loopback is an internal address: the server refuses it and says why.
    const refused = await addEndpoint();
    await expect(refused.getByText(/127\.0\.0\.1 是本机回环地址.*出站调用允许的主机/)).toBeVisible();
    await refused.getByRole('button', { name: '取消' }).click();
    // The administrator allows the host in the platform settings.
    await page.goto('/otherConfig?tab=settings');
    const allowed = page.locator('section.settings-panel').filter({ has: page.getByRole('heading', { name: '出站调用允许的主机' }) });
    await allowed.getByRole('button', { name: '添加一项' }).click();
    await allowed.getByRole('textbox').first().fill('127.0.0.1');
    await allowed.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存').first()).toBeVisible();
    await page.goto('/plugManage');
    const dialog = await addEndpoint();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('******');
    await row.getByRole('button', { name: '发送测试' }).click();
    await expect.poll(() => got.length, { timeout: 20_000 }).toBe(1);
    const push = got[0];
    const timestamp = String(push.headers['x-argus-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${push.body}`).digest('hex')}`;
    expect(push.headers['x-argus-signature']).toBe(expected);
    expect(JSON.parse(push.body)).toMatchObject({ type: 'test', industryName: name });
    const log = page.locator('.delivery-log');
    await expect(log.getByRole('heading')).toContainText(name);
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: '刷新' }).click();
          return log.locator('tbody tr').first().getAttribute('data-status');
        },
        { timeout: 20_000 },
      )
      .toBe('1');
    await expect(log.locator('tbody tr').first()).toContainText('已送达');
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
