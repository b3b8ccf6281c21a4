import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/Spinner.tsx";
import { merchantSrcSet } from "../../lib/theme/responsive-image.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";
import "./start-screens.css";

/** Full-screen logo while the app starts; a neutral spinner until the logo's address is known. */
export function SplashScreen({ logoUrl, title }: { logoUrl?: string; title?: string }) {
  const { t } = useTranslation();
  const logo = safeUrl(logoUrl);
  return (
    <main className="k-start-screen" aria-busy="true">
      {logo ? (
        <>
          <img
            className="k-start-screen__logo"
            src={logo}
            // The width of .k-start-screen__logo: a phone takes a small copy of a raster logo.
            srcSet={merchantSrcSet(logo)}
            sizes="min(320px, 70vw)"
            alt={title ?? ""}
          />
          <span role="status" className="visually-hidden">
            {t("app.loading")}
          </span>
        </>
      ) : (
        <Spinner size={60} />
      )}
    </main>
  );
}
