import { queryOptions, useQuery } from "@tanstack/react-query";
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

// The frame's queries as options, for the hooks and for the reads before the first render
// (app/session-before-render.ts), which must match them key for key.
export const merchantSocialQuery = (locale: string) =>
  queryOptions({
    queryKey: configQueryKeys.info(locale, "merchantSocial"),
    queryFn: () => fetchMerchantSocial(locale),
    ...configQueryDefaults,
  });

export const filesLinksQuery = (locale: string) =>
  queryOptions({
    queryKey: configQueryKeys.info(locale, "filesLinks"),
    queryFn: () => fetchFilesLinks(locale),
    ...configQueryDefaults,
  });

export const bannersQuery = (locale: string, position: BannerPosition) =>
  queryOptions({
    queryKey: configQueryKeys.banners(locale, position),
    queryFn: () => fetchBanners(locale, position),
    ...configQueryDefaults,
  });

export const faqQuery = (locale: string, merchantId: string) =>
  queryOptions({
    queryKey: configQueryKeys.faq(locale, merchantId),
    queryFn: () => fetchFaq(locale, merchantId),
    ...configQueryDefaults,
  });

export function useMerchantSocial() {
  return useQuery(merchantSocialQuery(useLocale()));
}

export function useMerchantDocuments() {
  return useQuery({ ...filesLinksQuery(useLocale()), select: (data) => data.documents });
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
  return useQuery(bannersQuery(useLocale(), position));
}

export function useFaq() {
  const locale = useLocale();
  const merchantId = useMerchantData().data?.merchantBackendId;
  return useQuery({ ...faqQuery(locale, merchantId ?? ""), enabled: merchantId !== undefined });
}

export function useLocationCheck() {
  return useQuery({ queryKey: configQueryKeys.location, queryFn: fetchLocation, ...configQueryDefaults });
}
