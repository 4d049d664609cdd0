// Catalogues load with the code that uses them: the boot loads the base namespaces, the signed-in shell its own,
// and each route the namespaces its entry names (src/routes.ts), awaited together with the screen's module so
// the screen renders with its texts (no flash of keys). A namespace that failed to load does not block the screen:
// i18next falls back to the default language, and react-i18next loads any namespace a component asks for.
import i18next, { type i18n } from 'i18next';
import type { Namespace } from './languages.ts';

/** Every page: the app name, shared words, request and loading messages. Loaded at boot. */
export const BASE_NAMESPACES = ['common', 'errors'] as const satisfies readonly Namespace[];
/** The signed-in shell (menus, header, route titles, notices). Loaded with the protected layout. */
export const SHELL_NAMESPACES = ['shell'] as const satisfies readonly Namespace[];

/** Loads a module and the namespaces it needs at once; resolves with the module when both are there. */
export async function withNamespaces<T>(load: () => Promise<T>, namespaces: readonly Namespace[] = [], instance: Pick<i18n, 'loadNamespaces'> = i18next): Promise<T> {
  const [module] = await Promise.all([load(), namespaces.length > 0 ? instance.loadNamespaces([...namespaces]) : undefined]);
  return module;
}
