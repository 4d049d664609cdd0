// Choosing files in the console's upload field as a user does: a click on the drop zone (or an upload button)
// opens the browser's file chooser, which Playwright answers with the files.
import type { FileChooser, Locator, Page } from '@playwright/test';

export async function chooseFiles(page: Page, trigger: Locator, files: Parameters<FileChooser['setFiles']>[0]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await trigger.click();
  await (await chooser).setFiles(files);
}
