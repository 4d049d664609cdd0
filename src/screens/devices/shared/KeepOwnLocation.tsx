// A kept-alive screen (§4 cached page list) stays mounted, hidden, while other routes are shown. It must not follow
// their URLs: its lists and camera view read their state from the query (?camera=, filters, page). This gives the
// screen its own last location while it is away, so it is found as it was left.
import { type ReactNode, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { useScreenEntry } from '../../../app/layouts/currentRoute.ts';

export function KeepOwnLocation({ children }: { children: ReactNode }) {
  const entry = useScreenEntry();
  const location = useLocation();
  const own = !entry || entry.path === location.pathname.replace(/(.)\/+$/, '$1');
  const last = useRef(location);
  if (own) last.current = location;
  return (
    <Routes location={last.current}>
      <Route path="*" element={children} />
    </Routes>
  );
}
