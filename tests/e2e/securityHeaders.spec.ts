// The console under its Content-Security-Policy (issue 8, security 7): the screens that use inline styles (rsuite),
// canvas drawing (Konva), blob: and data: images, the websocket and the framed assistant page work, and the browser
// reports no policy violation on any of them.
import { expect, type Page, test } from './support/fixtures.ts';

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    // Runs in the page (this file is type-checked without the DOM library).
    type Violation = { violatedDirective: string; blockedURI: string };
    const page = globalThis as unknown as { document: { addEventListener(type: string, listener: (event: Violation) => void): void } };
    page.document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load (CSP ${event.violatedDirective}): ${event.blockedURI}`);
    });
  });
  return violations;
}

test('login, history, camera drawing, users and the assistant work under the CSP, with no violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);

  const answer = await page.goto('/login');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self' 'unsafe-eval'");
  expect(csp).toContain("script-src-attr 'none'");
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('Argus@2026');
  await page.getByLabel('密码').press('Enter');
  await expect(page).toHaveURL(/\/index_traffic$/);

  await page.goto('/historyEvent');
  await expect(page.getByRole('heading', { name: '历史事件' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // The drawing dialog: a snapshot (an image from the server) and a Konva canvas.
  await page.goto('/deviceConfig');
  await page.getByRole('row').filter({ hasText: '科技园北门' }).getByRole('button', { name: '配置' }).click();
  await page.getByRole('figure').getByRole('button', { name: /获取截图|重新截图/ }).click();
  const snapshot = page.getByRole('img', { name: '“科技园北门”的截图' });
  await expect(snapshot).toBeVisible();
  // Visible before its bytes are in: wait until the image has decoded (the CSP lets it load).
  await expect.poll(() => snapshot.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  // The event the demo site configured on this camera (other tests on the same server may add more).
  await page.getByRole('toolbar', { name: '事件' }).getByRole('button', { name: /^未穿工作服/ }).click();
  await page.getByRole('button', { name: '在截图上绘制区域' }).click();
  const editor = page.getByRole('dialog', { name: '区域' });
  const canvas = editor.locator('.shape-editor-surface canvas').first();
  await expect(canvas).toBeVisible();
  const drawn = editor.getByText(/^区域 \d+（\d+ 个点）$/);
  const before = await drawn.count();
  await editor.getByRole('button', { name: '绘制区域' }).click();
  const box = (await canvas.boundingBox())!;
  for (const [x, y] of [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.2]]) await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
  await expect(drawn).toHaveCount(before + 1);
  await expect(editor.getByText(`区域 ${before + 1}（3 个点）`)).toBeVisible();
  await editor.getByRole('button', { name: '确定' }).click();

  await page.goto('/userConfig');
  await expect(page.getByRole('button', { name: '新增用户', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'operator' })).toBeVisible();

  // The assistant panel frames the local stand-in page (frame-src 'self'; it allows being framed by its origin).
  await page.getByRole('button', { name: '打开智能助手' }).click();
  const frame = page.frameLocator('iframe[title="智能体对话页面"]');
  await expect(frame.locator('body')).toContainText(/argus-assistant/);

  expect(violations).toEqual([]);
});
