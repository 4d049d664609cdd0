// The picture to draw on, against fake calls: a camera that gives no picture says so and offers an upload; a
// picture of the wrong type or size is refused before anything is sent; an uploaded one becomes the snapshot;
// without the right to write there is no upload.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { SNAPSHOT_UPLOAD_MAX_BYTES, SnapshotPreview, useCameraSnapshot } from '../../src/screens/devices/camera/SnapshotPanel.tsx';
import { chooseFiles } from './uploadSupport.ts';

const calls = vi.hoisted(() => ({ takeSnapshot: vi.fn(), uploadSnapshot: vi.fn() }));
vi.mock('../../src/screens/devices/devicesApi.ts', () => ({ ...calls }));

function Harness({ canWrite = true }: { canWrite?: boolean }) {
  const snapshot = useCameraSnapshot(7, { status: 'none' });
  return <SnapshotPreview state={snapshot.state} onTake={snapshot.take} onUpload={canWrite ? snapshot.upload : undefined} name="Car park" />;
}

const choose = (file: File) => chooseFiles(screen.getByRole('button', { name: 'Upload a picture' }), [file]);

describe('the snapshot panel', () => {
  beforeAll(async () => {
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    calls.takeSnapshot.mockReset().mockRejectedValue(new Error('No snapshot obtained'));
    calls.uploadSnapshot.mockReset().mockResolvedValue({ imageUrl: '/files/snapshots/a.png', width: 800, height: 600, time: '2026-11-21 10:00:00' });
  });
  afterEach(cleanup);

  it('says when the camera gives no picture, and offers an upload that becomes the snapshot', async () => {
    render(<Harness />);
    expect(screen.getByText(/upload one to draw areas on/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take snapshot' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No snapshot obtained');
    const file = new File([new Uint8Array([0x89, 0x50])], 'frame.png', { type: 'image/png' });
    choose(file);
    await waitFor(() => expect(calls.uploadSnapshot).toHaveBeenCalledWith(7, file));
    const img = (await screen.findByRole('img', { name: /Car park/ })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/files/snapshots/a.png?t=2026-11-21%2010%3A00%3A00');
    expect(screen.getByText('800 × 600 px')).toBeTruthy();
  });

  it('refuses another type or more than 10 MB before sending anything', async () => {
    render(<Harness />);
    choose(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only JPG, PNG, GIF or WebP pictures can be uploaded');
    const big = new File([new Uint8Array(1)], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: SNAPSHOT_UPLOAD_MAX_BYTES + 1 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toContain('The picture must be at most 10 MB');
    expect(calls.uploadSnapshot).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of an upload", async () => {
    calls.uploadSnapshot.mockRejectedValue(new Error('file is 60000×60000 pixels, over the limit'));
    render(<Harness />);
    choose(new File([new Uint8Array(1)], 'huge.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('60000×60000');
  });

  it('offers no upload without the right to write', () => {
    render(<Harness canWrite={false} />);
    expect(screen.queryByRole('button', { name: 'Upload a picture' })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
