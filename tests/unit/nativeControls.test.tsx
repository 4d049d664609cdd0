// Issue 37: no browser control of its own on these screens — no native file chooser, select, date, range or check
// box; each is rsuite's (or the console's upload field, whose file input rsuite keeps hidden). Every screen and
// dialog named in the issue is rendered and searched, and the evidence-image upload of a deal is walked: each image
// sent with its progress before the deal, a failed one said on its row and not sent again once it went through.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import SchemaForm from '../../src/forms/SchemaForm.tsx';
import { FilePickWidget } from '../../src/forms/widgets/fileWidgets.tsx';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { HandleDialog } from '../../src/screens/alarms/HandleDialog.tsx';
import AlgorithmicSetupScreen from '../../src/screens/algorithms/AlgorithmicSetupScreen.tsx';
import type { SetupEvent } from '../../src/screens/algorithms/orchestrationApi.ts';
import { DraftEditor } from '../../src/screens/algorithms/setup/DraftEditor.tsx';
import { NewDraftDialog } from '../../src/screens/algorithms/setup/NewDraftDialog.tsx';
import { PublishDialog } from '../../src/screens/algorithms/setup/PublishDialog.tsx';
import { SnapshotPreview } from '../../src/screens/devices/camera/SnapshotPanel.tsx';
import { UploadVideoDialog } from '../../src/screens/devices/UploadVideoDialog.tsx';
import { LogoImageField } from '../../src/screens/system/logo/LogoImageField.tsx';
import { AvatarField } from '../../src/screens/system/users/AvatarField.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';
import { chooseFiles } from './uploadSupport.ts';

vi.mock('../../src/screens/algorithms/orchestrationApi.ts', () => ({
  listDrafts: async () => ({ list: [], total: 0, pageNo: 1, pageSize: 20 }),
  listEventTypes: async () => [{ id: 2, typeName: 'General' }],
  addDraft: vi.fn(),
  getDraft: vi.fn(),
  updateDraft: vi.fn(),
  validateDraft: vi.fn(),
  publishDraft: vi.fn(),
  deleteDrafts: vi.fn(),
  exportCustomEvent: vi.fn(),
}));
vi.mock('../../src/screens/devices/devicesApi.ts', () => ({ allScenes: async () => [{ id: 1, sceneName: 'Park' }], uploadOfflineVideo: vi.fn(), takeSnapshot: vi.fn(), uploadSnapshot: vi.fn() }));
vi.mock('../../src/screens/system/users/usersApi.ts', () => ({ uploadAvatar: vi.fn() }));

const NATIVE = ['select', 'input[type="file"]', 'input[type="date"]', 'input[type="datetime-local"]', 'input[type="time"]', 'input[type="range"]', 'input[type="checkbox"]', 'input[type="radio"]'].join(',');

/** The browser's own controls shown: anything native outside rsuite's own markup (which hides its inputs). */
function nativeControls(): string[] {
  return [...document.body.querySelectorAll(NATIVE)]
    .filter((element) => !element.closest('.rs-uploader-trigger, .rs-checkbox, .rs-radio, .rs-toggle, .rs-slider'))
    .map((element) => element.outerHTML.slice(0, 80));
}

const draft = {
  id: 4,
  name: 'Litter',
  eventName: 'Litter',
  desc: '',
  version: '1.0.0',
  remark: '',
  customEventType: 2,
  buttonType: 'validate',
  sataus: 0,
  param: JSON.stringify({ identifyObj: { checked: true, prompt: ['person'], box_threshold: 0.3 } }),
  validated: false,
  publishedVersion: null,
  eventId: null,
} as unknown as SetupEvent;

describe('no native controls on the screens of issue 37', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  afterEach(cleanup);

  const cases: [string, () => void][] = [
    ['the deal form', () => renderSignedIn(<HandleDialog kind="deal" busy={false} failure={null} existingImages={0} uploadImage={async () => {}} onSubmit={() => {}} onClose={() => {}} />)],
    ['the avatar field', () => renderSignedIn(<AvatarField id="avatar" url="" onChange={() => {}} />)],
    ['a logo image', () => renderSignedIn(<LogoImageField id="logo-big" label="Large logo" hint="PNG" value="" onChange={() => {}} />)],
    ['the orchestration list', () => renderSignedIn(<AlgorithmicSetupScreen />, { buttons: ['algorithmicSetup'] })],
    ['a new algorithm', () => renderSignedIn(<NewDraftDialog open buttonType="validate" onClose={() => {}} onCreated={() => {}} />)],
    ['the orchestration editor', () => renderSignedIn(<DraftEditor initial={draft} />)],
    ['publishing', () => renderSignedIn(<PublishDialog open busy={false} failure={null} publishedVersion={null} onClose={() => {}} onPublish={() => {}} />)],
    ['an offline video upload', () => renderSignedIn(<UploadVideoDialog open onClose={() => {}} onUploaded={() => {}} />)],
    ['a camera snapshot', () => renderSignedIn(<SnapshotPreview state={{ status: 'none' }} onTake={() => {}} onUpload={() => {}} name="Gate" />)],
    [
      'a schema form file field',
      () =>
        renderSignedIn(
          <FilePickWidget {...({ id: 'model-file', value: undefined, onChange: () => {}, options: { accept: '.zip' }, schema: { type: 'string' }, rawErrors: [] } as unknown as WidgetProps)} />,
        ),
    ],
    [
      // The walk (e2e routeWalk) found the browser's time input in a camera's night mode and a task's time limits.
      'a schema form time of day and time windows',
      () =>
        renderSignedIn(
          <SchemaForm
            id="times"
            schema={{
              type: 'object',
              properties: {
                nightModeStartTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
                times: { type: 'array', items: { type: 'object', properties: { startTime: { type: 'string' }, endTime: { type: 'string' } } } },
              },
            }}
            uiSchema={{ nightModeStartTime: { 'ui:widget': 'time' }, times: { 'ui:field': 'timeWindows' } }}
            formData={{ nightModeStartTime: '18:00', times: [{ startTime: '08:00', endTime: '09:30' }] }}
            onSubmit={() => {}}
            submitText="Save"
          />,
        ),
    ],
  ];
  for (const [name, render] of cases) {
    it(`${name}: rsuite controls only`, async () => {
      render();
      // Dialogs and lists settle (their pickers and uploaders are in).
      await waitFor(() => expect(document.body.querySelector('.rs-picker, .rs-uploader, .rs-slider, .rs-checkbox')).not.toBeNull());
      expect(nativeControls()).toEqual([]);
    });
  }
});

describe('evidence images of a deal', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  afterEach(cleanup);

  it('sends each image with its progress before the deal; a failed one says why and the next try skips those sent', async () => {
    const sent: string[] = [];
    let failNext = true;
    const uploadImage = vi.fn(async (file: File, watch: { onProgress(progress: { loaded: number; total: number }): void }) => {
      watch.onProgress({ loaded: 1, total: 4 });
      if (file.name === 'b.png' && failNext) {
        failNext = false;
        throw new Error('image is 9000×9000 pixels, over the limit');
      }
      sent.push(file.name);
    });
    const onSubmit = vi.fn();
    renderSignedIn(<HandleDialog kind="deal" busy={false} failure={null} existingImages={0} uploadImage={uploadImage} onSubmit={onSubmit} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/What was done/), { target: { value: 'Towed away' } });
    chooseFiles(screen.getByLabelText('Photos'), [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })]);
    const files = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(files).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await within(files).findByRole('alert')).textContent).toContain('9000×9000');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(sent).toEqual(['a.png']);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ result: 'Towed away', checkResult: 1, remark: '' }));
    // a.png went through the first time: only b.png is sent again.
    expect(sent).toEqual(['a.png', 'b.png']);
    expect(uploadImage).toHaveBeenCalledTimes(3);
  });

  it('refuses more images than the alarm may still take, before sending any', async () => {
    const uploadImage = vi.fn(async () => {});
    renderSignedIn(<HandleDialog kind="deal" busy={false} failure={null} existingImages={9} uploadImage={uploadImage} onSubmit={() => {}} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/What was done/), { target: { value: 'Towed away' } });
    chooseFiles(screen.getByLabelText('Photos'), [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/10/);
    expect(uploadImage).not.toHaveBeenCalled();
  });
});
