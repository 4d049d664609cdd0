// i18next for the console: catalogues load on demand per language and namespace (each JSON file is its own
// small chunk; the boot loads only the base namespaces, each route its own), the language is remembered and can
// change without a reload (the namespaces loaded so far are fetched in the new language).
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, type Namespace, rememberedLanguage, rememberLanguage } from './languages.ts';
import { BASE_NAMESPACES } from './routeNamespaces.ts';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = catalogues[`./${language}/${namespace}.json`];
    if (!load) {
      done(new Error(`no catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Starts i18next with the base namespaces (tests that render a screen alone name the namespaces it needs). */
export async function setupI18n(language: Language = rememberedLanguage(), namespaces: readonly Namespace[] = BASE_NAMESPACES) {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      // Only the base at boot: routes load theirs (routeNamespaces.ts).
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: false },
    });
  return i18next;
}

/** Switches the language in place (loads its catalogues first) and remembers it. */
export async function switchLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  rememberLanguage(language);
}
