import type { i18n } from "i18next";

/**
 * The texts of a feature travel with its code (issue 32): a feature's `en-*.ts` adds them here
 * when it loads, and they go to every i18n instance, those created before and after. The entry
 * keeps only the texts of the frame and of the screens every visit meets (en.ts).
 */
const instances = new Set<i18n>();
const bundles: object[] = [];

export function addFeatureTexts(texts: object): void {
  if (bundles.includes(texts)) return;
  bundles.push(texts);
  for (const instance of instances) addBundle(instance, texts);
}

/** Called by createI18n: the instance gets the texts loaded so far, and those loaded later. */
export function receiveFeatureTexts(instance: i18n): void {
  instances.add(instance);
  for (const texts of bundles) addBundle(instance, texts);
}

function addBundle(instance: i18n, texts: object): void {
  // Never over a merchant's override applied earlier (overwrite: false); a copy, because i18next
  // keeps resources by reference and addResources writes into them.
  instance.addResourceBundle("en", "translation", structuredClone(texts), true, false);
}

/** The server renders each page with its own instance (entry-server.tsx): it goes when done. */
export function forgetFeatureTexts(instance: i18n): void {
  instances.delete(instance);
}
