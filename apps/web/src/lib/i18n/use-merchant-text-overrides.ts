import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useScreenTexts } from "../config-service/queries.ts";
import { applyTextOverrides, overridesApplied } from "./create-i18n.ts";

/**
 * Loads the merchant's text overrides and lays them over the English defaults. Returns whether
 * the texts are final (applied, or failed to load so the defaults stay), so the start screen can
 * wait and no default text flashes before its override. When the page brought them, they were
 * applied before the first render (config-service/start-answers.ts) and the texts are final at once.
 */
export function useMerchantTextOverrides(): boolean {
  const { i18n } = useTranslation();
  const texts = useScreenTexts();
  const [, setApplied] = useState<Record<string, string> | undefined>();

  // Layout effect: applied before the browser paints the first frame that uses the texts.
  useLayoutEffect(() => {
    if (!texts.data || overridesApplied(i18n, texts.data)) return;
    applyTextOverrides(i18n, texts.data);
    setApplied(texts.data);
  }, [texts.data, i18n]);

  return texts.isError || (texts.data !== undefined && overridesApplied(i18n, texts.data));
}
