import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { receiveFeatureTexts } from "./feature-texts.ts";

/**
 * One i18next instance per app (and per test), so merchant overrides never leak into another
 * instance. The defaults are copied because i18next stores resources by reference and
 * `addResources` writes into them.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    resources: { en: { translation: structuredClone(en) } },
    initAsync: false,
    // React escapes text already; escaping twice would show entities such as &#39;.
    interpolation: { escapeValue: false },
    // Re-render when merchant overrides arrive after the first paint.
    react: { bindI18nStore: "added" },
  });
  receiveFeatureTexts(instance);
  return instance;
}

/**
 * Applies a merchant's text overrides (flat dotted keys, as `/web/screens` sends them) over the
 * defaults. Unknown keys are harmless: nothing reads them.
 */
export function applyTextOverrides(instance: i18n, texts: Record<string, string>): void {
  applied.set(instance.store, texts);
  if (Object.keys(texts).length === 0) return;
  instance.addResources(instance.language, "translation", texts);
}

/**
 * The overrides last applied to each instance: before the first render when the page brought
 * them. Keyed by its store, which useTranslation's copy of the instance shares.
 */
const applied = new WeakMap<object, Record<string, string>>();

export function overridesApplied(instance: i18n, texts: Record<string, string>): boolean {
  return applied.get(instance.store) === texts;
}
