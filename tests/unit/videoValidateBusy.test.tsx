// Issue 34 point 4: when the server's video-validation queue is full it answers 429 with how long to wait; the
// panel says the processor is busy and when to try again, in the user's language (and again after a switch), and
// any other refusal still shows the server's own words.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/failure.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n, switchLanguage } from '../../src/i18n/setup.ts';
import { busySeconds, VideoValidatePanel } from '../../src/screens/training/VideoValidatePanel.tsx';
import { chooseFiles } from './uploadSupport.ts';

const calls = vi.hoisted(() => ({ start: vi.fn() }));
vi.mock('../../src/screens/training/videoValidationApi.ts', () => ({ startVideoValidation: calls.start, pollVideoValidation: vi.fn() }));
vi.mock('../../src/screens/video/videoApi.ts', () => ({ listRecords: async () => ({ list: [], total: 0 }) }));
vi.mock('../../src/app/permissions.tsx', () => ({ usePermission: () => () => false }));

beforeAll(async () => {
  await setupI18n('en', NAMESPACES);
});
afterEach(cleanup);

async function runWith(failure: ApiFailure) {
  calls.start.mockRejectedValueOnce(failure);
  render(<VideoValidatePanel modelId={7} />);
  // The console's upload field (the drop zone the label names), not a browser file input.
  chooseFiles(document.getElementById('video-validate-file')!, [new File([new Uint8Array(16)], 'v.mp4', { type: 'video/mp4' })]);
  await act(async () => screen.getByRole('button', { name: 'Validate on the video' }).click());
}

describe('video validation, busy server', () => {
  it('reads the wait from a 429 answer only', () => {
    expect(busySeconds(new ApiFailure(429, 'busy', 'http', 429, { retryAfter: 12 }))).toBe(12);
    expect(busySeconds(new ApiFailure(429, 'one running', 'business', 200, null))).toBeNull();
    expect(busySeconds(new ApiFailure(400, 'bad', 'business', 200, { retryAfter: 12 }))).toBeNull();
    expect(busySeconds(new Error('offline'))).toBeNull();
  });

  it('says when to try again, in English and in Chinese', async () => {
    await runWith(new ApiFailure(429, 'The video processor is busy (the validation queue is full); retry in 12 s', 'http', 429, { retryAfter: 12 }));
    expect(screen.getByRole('alert').textContent).toBe('The video processor is busy: other validations are waiting for it. Try again in 12 s.');
    await act(async () => {
      await switchLanguage('zh-CN');
    });
    expect(screen.getByRole('alert').textContent).toBe('视频处理繁忙：已有其他验证在排队。请 12 秒后重试。');
    await act(async () => {
      await switchLanguage('en');
    });
  });

  it("shows any other refusal in the server's words", async () => {
    await runWith(new ApiFailure(400, 'The video is 900 s long, over the 600 s limit: cut a shorter part of it', 'business', 200, null));
    expect(screen.getByRole('alert').textContent).toBe('The server refused: The video is 900 s long, over the 600 s limit: cut a shorter part of it');
  });
});
