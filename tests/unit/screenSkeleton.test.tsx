// Issue 37: the first paint of a signed-in route does not wait for the screen's chunk. The route's frame renders
// with a skeleton in the screen's place while the chunk loads, and the screen replaces it when it is in. With the
// router's own `lazy` on the screen route (before), nothing of the route rendered until the chunk was in.
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeObject } from '../../src/app/router.tsx';
import { flattenRoutes } from '../../src/app/routeIndex.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import type { ScreenModule } from '../../src/routeTypes.ts';

function Frame() {
  return (
    <div>
      <header>The frame</header>
      <Outlet />
    </div>
  );
}

beforeAll(async () => {
  await setupI18n('en');
});
afterEach(cleanup);

describe("a signed-in route's first paint", () => {
  it("shows the frame and a skeleton while the screen's chunk loads, then the screen", async () => {
    let arrive: (module: ScreenModule) => void = () => {};
    const chunk = new Promise<ScreenModule>((resolve) => {
      arrive = resolve;
    });
    const entry = { ...flattenRoutes().find((candidate) => candidate.path === '/historyEvent')!, screen: () => chunk, namespaces: [] };
    const router = createMemoryRouter([{ path: '/', Component: Frame, children: [routeObject(entry)] }], { initialEntries: ['/historyEvent'] });
    render(<RouterProvider router={router} />);

    expect(await screen.findByText('The frame')).toBeTruthy();
    expect(screen.getByRole('status').className).toBe('screen-skeleton');

    arrive({ default: () => <h1>The screen</h1> });
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
