import { BrandLink } from "./BrandLink.tsx";
import { MainNav } from "./MainNav.tsx";
import { ProfileMenu } from "./ProfileMenu.tsx";
import { SupportEntry } from "./SupportEntry.tsx";
import "./header.css";

/** Logo and name, main navigation (left out on the sign-in style pages), support and profile. */
export function SiteHeader({ withNavigation }: { withNavigation: boolean }) {
  return (
    <header className="k-header">
      <div className="k-header__inner">
        <BrandLink />
        {withNavigation ? <MainNav /> : null}
        <div className="k-header__actions">
          <SupportEntry />
          {withNavigation ? <ProfileMenu /> : null}
        </div>
      </div>
    </header>
  );
}
