// Switches the UI language in place (no reload); the choice is remembered. Used on the login screen too,
// hence the lightweight buttons.
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/languages.ts';
import { switchLanguage } from '../i18n/setup.ts';
import { LightButton, LightButtonGroup } from './lightweight.tsx';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <LightButtonGroup size="sm" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => {
        const active = i18n.language === language;
        return (
          <LightButton
            key={language}
            lang={language}
            size="sm"
            appearance={active ? 'primary' : 'default'}
            active={active}
            aria-pressed={active}
            onClick={() => void switchLanguage(language)}
          >
            {t(`language.${language}`)}
          </LightButton>
        );
      })}
    </LightButtonGroup>
  );
}
