import { useTranslation } from "react-i18next";
import { merchantSrcSet } from "../../lib/theme/responsive-image.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";
import "./start-screens.css";

/** Shown instead of the app to visitors from a blocked country (spec §6, §8). */
export function CountryBlockedScreen({ logoUrl, title }: { logoUrl?: string; title?: string }) {
  const { t } = useTranslation();
  const logo = safeUrl(logoUrl);
  return (
    <main className="k-start-screen">
      <div className="k-start-screen__card k-surface">
        {logo ? (
          <img
            className="k-start-screen__logo k-start-screen__logo--small"
            src={logo}
            // The width of .k-start-screen__logo--small.
            srcSet={merchantSrcSet(logo)}
            sizes="min(200px, 60vw)"
            alt={title ?? ""}
          />
        ) : null}
        <h1>{t("blocked.title")}</h1>
        <p>{t("blocked.message")}</p>
      </div>
    </main>
  );
}
