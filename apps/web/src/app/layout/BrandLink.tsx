import { Link } from "react-router";
import { useMerchantData, useSettingsData } from "../../lib/config-service/queries.ts";
import { ROUTES } from "../../lib/routes.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";

/**
 * The merchant's logo and name, linking home. The name is real text (not only the logo's alt),
 * so it reads and translates everywhere; the logo is then decorative.
 */
export function BrandLink() {
  const logo = safeUrl(useSettingsData().data?.horizontalImage);
  const title = useMerchantData().data?.title;
  return (
    <Link to={ROUTES.home} className="k-brand">
      {logo ? <img className="k-brand__logo" src={logo} alt="" /> : null}
      {title ? <span className="k-brand__title">{title}</span> : null}
    </Link>
  );
}
