import { useQuery } from "@tanstack/react-query";
import { useLocale } from "../i18n/use-locale.ts";
import {
  fetchBanners,
  fetchFaq,
  fetchFilesLinks,
  fetchLocation,
  fetchMerchantData,
  fetchMerchantSocial,
  fetchScreenTexts,
  fetchSettingsData,
} from "./api.ts";
import type { BannerPosition } from "./schemas.ts";

// A merchant's configuration does not change during a visit; a reload picks up new branding.
// A failed read is not retried by each component that mounts later (the default): the app has
// already fallen back to its defaults, and a refetch would put the query back to "pending".
const configQueryDefaults = { staleTime: Number.POSITIVE_INFINITY, retryOnMount: false } as const;

export const configQueryKeys = {
  all: ["config"] as const,
  info: (locale: string, variant: string) => ["config", "info", locale, variant] as const,
  screens: (locale: string) => ["config", "screens", locale] as const,
  banners: (locale: string, position: BannerPosition) => ["config", "banners", locale, position] as const,
  faq: (locale: string, merchantId: string) => ["config", "faq", locale, merchantId] as const,
  location: ["config", "location"] as const,
};

export function useSettingsData() {
  const locale = useLocale();
  return useQuery({
    queryKey: configQueryKeys.info(locale, "settingsData"),
    queryFn: () => fetchSettingsData(locale),
    ...configQueryDefaults,
  });
}

export function useMerchantData() {
  const locale = useLocale();
  return useQuery({
    queryKey: configQueryKeys.info(locale, "merchantData"),
    queryFn: () => fetchMerchantData(locale),
    ...configQueryDefaults,
  });
}

export function useMerchantSocial() {
  const locale = useLocale();
  return useQuery({
    queryKey: configQueryKeys.info(locale, "merchantSocial"),
    queryFn: () => fetchMerchantSocial(locale),
    ...configQueryDefaults,
  });
}

export function useMerchantDocuments() {
  const locale = useLocale();
  return useQuery({
    queryKey: configQueryKeys.info(locale, "filesLinks"),
    queryFn: () => fetchFilesLinks(locale),
    select: (data) => data.documents,
    ...configQueryDefaults,
  });
}

export function useScreenTexts() {
  const locale = useLocale();
  return useQuery({
    queryKey: configQueryKeys.screens(locale),
    queryFn: () => fetchScreenTexts(locale),
    select: (data) => data.texts,
    ...configQueryDefaults,
  });
}

export function useBanners(position: BannerPosition) {
  const locale = useLocale();
  return useQuery({
    queryKey: configQueryKeys.banners(locale, position),
    queryFn: () => fetchBanners(locale, position),
    ...configQueryDefaults,
  });
}

export function useFaq() {
  const locale = useLocale();
  const merchantId = useMerchantData().data?.merchantBackendId;
  return useQuery({
    queryKey: configQueryKeys.faq(locale, merchantId ?? ""),
    queryFn: () => fetchFaq(locale, merchantId ?? ""),
    enabled: merchantId !== undefined,
    ...configQueryDefaults,
  });
}

export function useLocationCheck() {
  return useQuery({ queryKey: configQueryKeys.location, queryFn: fetchLocation, ...configQueryDefaults });
}
