import { type ReactNode, useState } from "react";
import { useLocationCheck, useMerchantData, useSettingsData } from "../../lib/config-service/queries.ts";
import { useMerchantTextOverrides } from "../../lib/i18n/use-merchant-text-overrides.ts";
import { useMerchantTheme } from "../../lib/theme/use-merchant-theme.ts";
import { CountryBlockedScreen } from "./CountryBlockedScreen.tsx";
import { SplashScreen } from "./SplashScreen.tsx";

/**
 * The app starts behind a splash (spec §2) until the location check has answered, and also until
 * the merchant's look and texts are in, so nothing flashes in default colours or words.
 * A failed configuration read does not hold the app: it falls back to the defaults, and a failed
 * location check lets the visitor in, because the server refuses blocked countries on its own.
 */
export function StartGate({ children }: { children: ReactNode }) {
  const location = useLocationCheck();
  const settings = useSettingsData();
  const merchant = useMerchantData();
  const textsReady = useMerchantTextOverrides();
  useMerchantTheme(settings.data, merchant.data);

  // Once started, the app never goes back to the splash, whatever a later refetch does.
  const [started, setStarted] = useState(false);
  const settled = !location.isPending && !settings.isPending && !merchant.isPending && textsReady;
  if (settled && !started) setStarted(true);

  if (!started && !settled) {
    return <SplashScreen logoUrl={settings.data?.horizontalImage} title={merchant.data?.title} />;
  }
  if (location.data?.blocked) {
    return <CountryBlockedScreen logoUrl={settings.data?.horizontalImage} title={merchant.data?.title} />;
  }
  return children;
}
