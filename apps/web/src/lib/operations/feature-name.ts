import type { TFunction } from "i18next";
import { en } from "../i18n/en.ts";

type NamedFeature = Exclude<keyof typeof en.operations.names, "other">;

const isNamed = (feature: string): feature is NamedFeature =>
  feature !== "other" && Object.hasOwn(en.operations.names, feature);

/**
 * A feature (a catalog operation type) in the customer's words, from the i18n texts: never the
 * code, nor the server's internal name ("Card issue (CP_1)"). A type this app does not know yet
 * reads "Another feature".
 */
export function featureName(t: TFunction, feature: string): string {
  return isNamed(feature) ? t(`operations.names.${feature}`) : t("operations.names.other");
}
