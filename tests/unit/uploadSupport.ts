// Choosing files in the console's upload field (src/components/upload/FileUploader.tsx) as the browser would:
// the field's hidden file input (inside rsuite's Uploader, beside the drop zone named `dropZone`) changes.
import { fireEvent } from '@testing-library/react';

export function chooseFiles(dropZone: HTMLElement, files: File[]): void {
  const input = dropZone.closest('.rs-uploader')?.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input beside this drop zone');
  fireEvent.change(input, { target: { files } });
}
