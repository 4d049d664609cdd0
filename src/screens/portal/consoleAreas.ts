// The console areas the public navigation pages link to: each card opens the first screen of its area (a
// visitor without a session signs in first; the route guard then applies the role's permissions).
export const CONSOLE_AREAS = [
  { id: 'alarms', path: '/actualTimeEvent' },
  { id: 'video', path: '/videoPlayCenter' },
  { id: 'devices', path: '/deviceConfig' },
  { id: 'tasks', path: '/taskConfig' },
  { id: 'algorithms', path: '/algorithmicSetup' },
  { id: 'training', path: '/algorithmProduction' },
  { id: 'stats', path: '/eventStatistics' },
  { id: 'agent', path: '/intelligent' },
  { id: 'system', path: '/userConfig' },
] as const;

export type ConsoleAreaId = (typeof CONSOLE_AREAS)[number]['id'];
