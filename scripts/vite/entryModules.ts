// Not a plugin: constants the build's settings and plugins share.
// The modules the console's code hangs from, relative to src/: the boot, the sign-in screen, the signed-in shell's
// layouts. The build plugins read them (rsuiteCss.ts: which rsuite sheets are base and shell; styleChunks.ts: which
// sheets load on every page; routePages.ts: what a route loads besides its screen).
export const BOOT = 'main.tsx';
export const LOGIN_SCREEN = 'screens/auth/LoginScreen.tsx';
export const PROTECTED_LAYOUT = 'app/ProtectedLayout.tsx';
export const MAIN_LAYOUT = 'app/layouts/MainLayout.tsx';
export const FLEX_LAYOUT = 'app/layouts/FlexLayout.tsx';
/** The signed-in shell that every page of the main layout loads without waiting. */
export const SHELL = [PROTECTED_LAYOUT, MAIN_LAYOUT] as const;
/** Small helpers that most signed-in screens import (permissions 46 of 61 screens, loaded data 38, downloads 26,
 * the first field's focus 17, the wait for the first paint: every list and the realtime store), and the attribute
 * dictionaries every sign-in's bootstrap builds its search properties from (src/api/bootstrap.ts): they load with
 * the shell instead of as a request of their own each. */
export const SHELL_HELPERS = [
  'app/permissions.tsx',
  'components/data/useLoaded.ts',
  'api/download.ts',
  'components/focusFirstField.ts',
  'domain/attributeDictionary.ts',
  'app/afterPaint.ts',
] as const;
/**
 * rsuite's own parts (under rsuite/esm) that load with the shell: those that the small controls of screens without a
 * list use — Toggle's loader and plain-text view and its split of HTML props (RadioGroup, Slider and the date pickers
 * share them), Tag's close button. The list kit's components use them too, so in the list-kit chunk they made the
 * live alarm and home pages load that chunk (27 kB gzip) and with it the list kit's sheet (tables, the pager and its
 * pickers: 3.9 kB gzip) for 1.3 kB gzip of code (issue 37).
 */
export const SHELL_RSUITE_PARTS = ['Loader/index.js', 'internals/Plaintext/index.js', 'internals/utils/html/htmlPropsUtils.js', 'internals/CloseButton/index.js'] as const;
/** The list kit most signed-in screens build on (a table with its filters, pager and confirmation). */
export const LIST_KIT = [
  'components/table/ServerTable.tsx',
  'components/table/FilterBar.tsx',
  'components/table/useServerList.ts',
  'components/table/ConfirmDialog.tsx',
] as const;
/**
 * Small helpers of one area that its screens import in different combinations, one chunk per area (`<area>-helpers`)
 * with what they import that no other group holds. Left to the bundler, each combination was a file of its own: an
 * alarm list fetched the permissions of its actions (0.2 kB), its export (0.8 kB), its texts (0.6 kB), the event
 * types (2.1 kB) and its API calls (1.1 kB) as five requests.
 */
export const AREA_HELPERS: Record<string, readonly string[]> = {
  alarms: ['screens/alarms/actionPermissions.ts', 'screens/alarms/alarmExport.ts', 'screens/alarms/alarmText.ts', 'screens/alarms/alarmsApi.ts'],
  // The users, departments and roles screens and forms each import one or both of the two API modules.
  system: ['screens/system/depts/deptsApi.ts', 'screens/system/roles/rolesApi.ts'],
};
