import { useTranslation } from "react-i18next";

/** The locale sent as `locale=` to the configuration service. Only English exists today. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? "en";
}
