import { useLayoutEffect } from "react";
import type { MerchantData, SettingsData } from "../config-service/schemas.ts";
import { applyMerchantTheme } from "./apply-merchant-theme.ts";

/** Applies the merchant's colours, background and favicon, and names the tab after the merchant. */
export function useMerchantTheme(settings: SettingsData | undefined, merchant: MerchantData | undefined) {
  useLayoutEffect(() => {
    if (settings) applyMerchantTheme(document, settings);
  }, [settings]);

  useLayoutEffect(() => {
    if (merchant?.title) document.title = merchant.title;
  }, [merchant?.title]);
}
