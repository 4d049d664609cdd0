// The target retrieval screen against fake calls: the query on top (image drop zone, object type, time range), the
// attribute filters folded in a panel that counts what is set, each attribute by its §9 control (colour keys check
// boxes, more than 4 options a picker, up to 4 radios, several values only for trousersColor/helmetColorTag1), the
// query it sends, the result cards (similarity and the matched object outlined only by image, link to the alarm),
// the empty and error states, and the §5 refusal of a fourth image before anything is sent.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { DEFAULT_SIMILARITY } from '../../src/domain/retrievalThreshold.ts';
import TargetRetrievalScreen from '../../src/screens/retrieval/TargetRetrievalScreen.tsx';
import { installDomPolyfills } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ searchTargets: vi.fn(), readDataUrl: vi.fn() }));
vi.mock('../../src/screens/retrieval/retrievalApi.ts', () => ({ ...calls }));
vi.mock('../../src/screens/alarms/useAlarmImage.ts', () => ({ useAlarmImage: () => ({ status: 'ready', url: 'blob:x' }) }));

const hit = (id: number, similarity: number | null) => ({
  id,
  objType: 2,
  cameraId: 1,
  cameraName: 'Gate',
  captureTime: '2026-11-20 10:00:00',
  imageUrl: `/warn/event/image/${id}`,
  targetUrl: `/warn/event/image/${id}`,
  box: [1, 2, 3, 4],
  similarity,
  match: similarity === null ? null : { box: [10, 20, 50, 80], label: 'person', own: false, queryImage: 0 },
  attributes: {},
});

let view: ReturnType<typeof render>;
const show = () =>
  (view = render(
    <MemoryRouter>
      <TargetRetrievalScreen />
    </MemoryRouter>,
  ));
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Search' }));
const picker = () => view.container.querySelector('.retrieval-dropzone input[type="file"]') as HTMLInputElement;
const unfold = () => fireEvent.click(screen.getByTestId('retrieval-attributes-header'));
const labelOf = (input: HTMLElement) => (input.closest('label') as HTMLElement).textContent;

describe('the target retrieval screen', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    calls.searchTargets.mockReset();
    calls.readDataUrl.mockReset().mockImplementation(async (file: File) => `data:image/png;base64,${file.name}`);
  });
  afterEach(cleanup);

  it('folds the attributes away, renders each by the §9 rule when unfolded, counts them, and sends the chosen codes', async () => {
    calls.searchTargets.mockResolvedValue({ list: [hit(5, null)], total: 1, pageNo: 1, pageSize: 24 });
    show();
    // The query leads: the drop zone and the search button, no attribute rows until asked for.
    expect(screen.getByTestId('retrieval-dropzone')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Body colour' })).toBeNull();
    expect(screen.getByTestId('retrieval-attributes-header').textContent).toBe('Attribute filters (none set)');
    unfold();
    const colour = screen.getByRole('group', { name: 'Body colour' });
    expect(within(colour).getAllByRole('checkbox').length).toBe(13);
    const view = screen.getByRole('group', { name: 'View' });
    expect(within(view).getAllByRole('radio').map(labelOf)).toEqual(['Any', 'Front', 'Rear', 'Side', 'Unknown']);
    expect(screen.getByText(/Not searchable here: Plate region, Brand, Model /)).toBeTruthy();
    fireEvent.click(within(colour).getByLabelText('Red'));
    fireEvent.click(within(colour).getByLabelText('Blue'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Vehicle class' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SUV' }));
    fireEvent.click(within(view).getByLabelText('Unknown'));
    await waitFor(() => expect(screen.getByTestId('retrieval-attributes-header').textContent).toBe('Attribute filters (3 set)'));
    search();
    await screen.findByText('1 object found, newest first');
    expect(calls.searchTargets.mock.calls[0][0]).toMatchObject({ objType: 2, images: [], attributes: { vehicleColor: 5, vehicleClass: 2, angle: -1 } });
    const card = screen.getByRole('list', { name: 'Search results' });
    expect(within(card).queryByText('Similarity')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Open alarm 5' }).getAttribute('href')).toBe('/historyEvent?alarm=5');
    // The panel's many controls make role queries slow on a loaded machine: a bound, not a wait.
  }, 120_000);

  it('lets trousers colour take several values, and starts the attributes over with another object type', async () => {
    calls.searchTargets.mockResolvedValue({ list: [], total: 0, pageNo: 1, pageSize: 24 });
    show();
    fireEvent.click(screen.getByLabelText('Person'));
    unfold();
    const trousers = screen.getByRole('group', { name: 'Bottoms colour (several allowed)' });
    fireEvent.click(within(trousers).getByLabelText('Black'));
    fireEvent.click(within(trousers).getByLabelText('Unknown'));
    search();
    expect(await screen.findByText('No detected object matches these filters.')).toBeTruthy();
    expect(calls.searchTargets.mock.calls[0][0]).toMatchObject({ objType: 1, attributes: { trousersColor: [1, -1] } });
    expect(calls.searchTargets.mock.calls[0][0].plateNo).toBeUndefined();
  }, 120_000);

  it('searches by images with their similarity, refuses a fourth image, and shows a failure with a retry', async () => {
    const imageSearch = { candidates: 4, compared: 1, indexing: 2, loading: 1, embedded: 1, queryObjects: 2, crops: 4, threshold: 0.5 };
    calls.searchTargets.mockResolvedValueOnce({ list: [hit(9, 0.98765)], total: 1, pageNo: 1, pageSize: 24, imageSearch });
    show();
    const png = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });
    fireEvent.change(picker(), { target: { files: [png('a'), png('b')] } });
    await screen.findByRole('img', { name: 'Query image 2' });
    fireEvent.change(picker(), { target: { files: [png('c'), png('d')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('At most 3 images');
    fireEvent.click(screen.getByRole('button', { name: 'Remove query image 1' }));
    expect(screen.queryByRole('img', { name: 'Query image 2' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The threshold shows with the images, starts at the measured default, and takes only 0..1.
    const threshold = screen.getByLabelText('Similarity threshold') as HTMLInputElement;
    expect(threshold.value).toBe(String(DEFAULT_SIMILARITY));
    fireEvent.change(threshold, { target: { value: '1.5' } });
    expect((await screen.findByRole('alert')).textContent).toContain('The similarity threshold must be a number from 0 to 1');
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(threshold, { target: { value: '0.5' } });
    search();
    await screen.findByText('1 object found, most similar first');
    expect(calls.searchTargets.mock.calls[0][0]).toMatchObject({ images: ['data:image/png;base64,b'], similarity: 0.5 });
    expect(screen.getByText('98.8%')).toBeTruthy();
    expect(screen.getByText('a person on the snapshot')).toBeTruthy();
    expect(screen.getByTestId('retrieval-compared').textContent).toBe(
      '1 of 4 candidates compared, 4 objects against 2 from the images (threshold 0.5). 2 still being indexed, not compared yet. 1 not yet read back into memory since the server started, not compared yet.',
    );
    // The matched object is outlined on the snapshot once its size is known.
    const snapshot = screen.getByRole('img', { name: /Snapshot from Gate/ }) as HTMLImageElement;
    Object.defineProperty(snapshot, 'naturalWidth', { value: 200 });
    Object.defineProperty(snapshot, 'naturalHeight', { value: 100 });
    fireEvent.load(snapshot);
    const outline = await screen.findByTestId('retrieval-outline');
    expect(outline.style.left).toBe('5%');
    expect(outline.style.top).toBe('20%');
    expect(outline.style.width).toBe('20%');
    expect(outline.style.height).toBe('60%');

    calls.searchTargets.mockRejectedValueOnce(new Error('image.undecodable')).mockResolvedValueOnce({ list: [], total: 0, pageNo: 1, pageSize: 24 });
    search();
    expect((await screen.findByRole('alert')).textContent).toContain('The search failed: image.undecodable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.searchTargets).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('No detected object matches these filters.')).toBeTruthy();
  });
});
