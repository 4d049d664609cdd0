// rsuite's locale (date pickers, tables, …) follows the UI language. Both languages read left to right: said once
// here, rsuite does not look up the document's direction again in every component it renders.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CustomProvider from 'rsuite/CustomProvider';
import { enUS, zhCN } from 'rsuite/locales';

export function RsuiteLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <CustomProvider locale={i18n.language === 'en' ? enUS : zhCN} rtl={false}>{children}</CustomProvider>;
}
