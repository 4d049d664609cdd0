// Every jsdom test waits for conditions, not for times. The first render of a lazy route transforms its modules,
// which takes seconds on a cold cache or a loaded 2-core machine: testing-library's default of one second for
// findBy/waitFor is far too short there, so every file gets a limit that holds under load (a fresh clone's npm test
// beside a build loop and other work, load 15–20: a route's first render took over 15 s, a lazy form's 50 s).
// Below the unit-dom test limit (vitest.config.ts), so a find that gives up names what it waited for.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 120_000 });

// The route table hands itself to the route index when it loads (src/app/routeIndex.ts), as the router's import
// of it does at boot; guards, layouts and screens tested alone read it from there.
import '../../src/routes.ts';
