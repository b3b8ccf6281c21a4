import "i18next";
import type { Texts } from "./en.ts";

// Lets TypeScript check every `t("...")` key against the English defaults.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Texts };
  }
}
