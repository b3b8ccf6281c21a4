import { Link } from "react-router";
import { useMerchantData, useSettingsData } from "../../lib/config-service/queries.ts";
import { ROUTES } from "../../lib/routes.ts";
import { merchantSrcSet } from "../../lib/theme/responsive-image.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";

/**
 * The merchant's logo and name, linking home. The name is real text (not only the logo's alt),
 * so it reads and translates everywhere; the logo is then decorative. The horizontal logo is the
 * merchant's wordmark, which already spells the name: next to it the name is only for screen
 * readers, or the header would say it twice.
 */
export function BrandLink() {
  const logo = safeUrl(useSettingsData().data?.horizontalImage);
  const title = useMerchantData().data?.title;
  return (
    <Link to={ROUTES.home} className="k-brand">
      {logo ? (
        <img className="k-brand__logo" src={logo} srcSet={merchantSrcSet(logo)} sizes="200px" alt="" />
      ) : null}
      {title ? (
        <span className={logo ? "k-brand__title visually-hidden" : "k-brand__title"}>{title}</span>
      ) : null}
    </Link>
  );
}
