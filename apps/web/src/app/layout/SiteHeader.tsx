import { BrandLink } from "./BrandLink.tsx";
import { MainNav } from "./MainNav.tsx";
import { ProfileMenu } from "./ProfileMenu.tsx";
import { SupportEntry } from "./SupportEntry.tsx";
import "./header.css";

/**
 * Logo and name, main navigation (left out on the sign-in style pages), support and profile.
 * While a page waits for its session only the brand shows: a support chat opened then would
 * close as the page replaces the waiting frame.
 */
export function SiteHeader({
  withNavigation,
  brandOnly = false,
}: {
  withNavigation: boolean;
  brandOnly?: boolean;
}) {
  return (
    <header className="k-header">
      <div className="k-header__inner">
        <BrandLink />
        {withNavigation ? <MainNav /> : null}
        {brandOnly ? null : (
          <div className="k-header__actions">
            <SupportEntry />
            {withNavigation ? <ProfileMenu /> : null}
          </div>
        )}
      </div>
    </header>
  );
}
