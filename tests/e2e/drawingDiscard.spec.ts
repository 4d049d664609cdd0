// The drawing dialog never loses shapes silently (issue 8 item 24): Escape while drawing drops only the shape being
// drawn; closing with shapes not applied — Escape, Cancel — asks first, and "keep editing" keeps them; closing
// with nothing changed asks nothing; Apply hands the shapes to the form.
import { expect, type Locator, type Page, test } from './support/fixtures.ts';
import { ADMIN, signIn } from './support/session.ts';

/** Clicks at a point given relative to the drawing surface (0..1). */
async function clickAt(page: Page, canvas: Locator, x: number, y: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the drawing surface is not visible');
  await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

test('closing the drawing dialog with shapes not applied asks first', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, ADMIN, { path: '/deviceConfig' });
  await page.getByRole('row').filter({ hasText: '科技园地下车库入口' }).getByRole('button', { name: '配置' }).click();
  await expect(page.getByRole('heading', { name: '科技园地下车库入口' })).toBeVisible();
  await page.getByRole('button', { name: /获取截图|重新截图/ }).click();
  await expect(page.getByRole('img', { name: '“科技园地下车库入口”的截图' })).toBeVisible();
  await page.getByRole('button', { name: '添加事件' }).click();
  await page.getByRole('dialog').getByText('区域入侵').click();
  await page.getByRole('dialog').getByRole('button', { name: '添加（1）' }).click();

  const openEditor = async () => {
    await page.getByRole('button', { name: '在截图上绘制区域' }).click();
    const editor = page.getByRole('dialog', { name: '区域' });
    const canvas = editor.locator('.shape-editor-surface canvas').first();
    await expect(canvas).toBeVisible();
    return { editor, canvas };
  };
  const question = page.getByRole('alertdialog', { name: '放弃未应用的图形？' });
  const drawArea = async (canvas: Locator, editor: Locator) => {
    await editor.getByRole('button', { name: '绘制区域' }).click();
    for (const [x, y] of [
      [0.2, 0.2],
      [0.6, 0.2],
      [0.6, 0.6],
      [0.2, 0.6],
      [0.2, 0.2],
    ] as const) {
      await clickAt(page, canvas, x, y);
    }
    await expect(editor.getByText('区域 1（4 个点）')).toBeVisible();
  };

  let { editor, canvas } = await openEditor();
  // Escape while drawing drops the shape being drawn, and only that.
  await editor.getByRole('button', { name: '绘制区域' }).click();
  await clickAt(page, canvas, 0.3, 0.3);
  await clickAt(page, canvas, 0.5, 0.3);
  await page.keyboard.press('Escape');
  await expect(editor.getByRole('button', { name: '绘制区域' })).toBeVisible();
  await expect(editor).toBeVisible();
  await expect(question).toBeHidden();

  // A drawn area: Escape asks; keep editing keeps it.
  await drawArea(canvas, editor);
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: '继续编辑' })).toBeFocused();
  await question.getByRole('button', { name: '继续编辑' }).click();
  await expect(question).toBeHidden();
  await expect(editor.getByText('区域 1（4 个点）')).toBeVisible();

  // Cancel asks too; discarding closes and the form has no area.
  await editor.getByRole('button', { name: '取消', exact: true }).click();
  await question.getByRole('button', { name: '放弃修改' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('尚未绘制区域')).toBeVisible();

  // Nothing changed: closing asks nothing.
  ({ editor, canvas } = await openEditor());
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(question).toBeHidden();

  // Apply hands the area to the form, with no question.
  ({ editor, canvas } = await openEditor());
  await drawArea(canvas, editor);
  await editor.getByRole('button', { name: '确定' }).click();
  await expect(editor).toBeHidden();
  await expect(question).toBeHidden();
  await expect(page.getByText('区域 1（4 个点）')).toBeVisible();
  expect(errors).toEqual([]);
});
