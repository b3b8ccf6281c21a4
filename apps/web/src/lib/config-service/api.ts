import { getJson, withQuery } from "../http/request-json.ts";
import {
  type BannerPosition,
  bannersSchema,
  faqSchema,
  filesLinksSchema,
  locationSchema,
  merchantDataSchema,
  merchantSocialSchema,
  screenTextsSchema,
  settingsDataSchema,
} from "./schemas.ts";

// The merchant configuration service (spec §7). Anonymous: the server picks the merchant from the
// host name, so none of these calls carries a merchant header.

export function fetchSettingsData(locale: string) {
  return getJson(withQuery("/web/info", { locale, variant: "settingsData" }), { schema: settingsDataSchema });
}

export function fetchMerchantData(locale: string) {
  return getJson(withQuery("/web/info", { locale, variant: "merchantData" }), { schema: merchantDataSchema });
}

export function fetchMerchantSocial(locale: string) {
  return getJson(withQuery("/web/info", { locale, variant: "merchantSocial" }), {
    schema: merchantSocialSchema,
  });
}

export function fetchFilesLinks(locale: string) {
  return getJson(withQuery("/web/info", { locale, variant: "filesLinks" }), { schema: filesLinksSchema });
}

export function fetchScreenTexts(locale: string) {
  return getJson(withQuery("/web/screens", { locale }), { schema: screenTextsSchema });
}

export function fetchBanners(locale: string, bannerPosition: BannerPosition) {
  return getJson(withQuery("/web/banners", { locale, bannerPosition }), { schema: bannersSchema });
}

export function fetchFaq(locale: string, merchantId: string) {
  return getJson(withQuery("/web/faq", { locale, merchantId }), { schema: faqSchema });
}

export function fetchLocation() {
  return getJson("/location", { schema: locationSchema });
}
