// Issue 37: /secondIdentify and /layoutWhite/secondIdentify (the training screen outside the main layout: no menu,
// no breadcrumbs) were bare pages with no way back. Their header line names the page and goes back: to the page
// the operator came from in the console, or to /algorithmProduction when the page was opened first — in both
// languages.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import TrainingScreen from '../../src/screens/training/TrainingScreen.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const training = vi.hoisted(() => ({ listWarehouse: vi.fn(async () => ({ list: [], total: 0, pageNo: 1, pageSize: 20 })) }));
vi.mock('../../src/screens/training/trainingApi.ts', async (original) => ({ ...(await original<object>()), ...training }));

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

it('opened first, /secondIdentify goes back to algorithm production (en, then zh-CN)', async () => {
  renderSignedIn(<TrainingScreen />, { path: '/secondIdentify' });
  const header = (await screen.findByRole('heading', { level: 1 })).closest('header') as HTMLElement;
  expect(within(header).getByRole('link', { name: 'Back to algorithm production' }).getAttribute('href')).toBe('/algorithmProduction');
  await act(() => i18n.changeLanguage('zh-CN'));
  expect(within(header).getByRole('link', { name: '返回算法生产' })).toBeTruthy();
});

it('reached from another page, its Back returns there', async () => {
  const { router } = renderSignedIn(<TrainingScreen />, { path: '/secondIdentify' });
  await act(() => router.navigate('/secondIdentify?algorithmId=0'));
  const back = await screen.findByRole('button', { name: 'Back' });
  fireEvent.click(back);
  await waitFor(() => expect(router.state.location.search).toBe(''));
});
