import { useTranslation } from "react-i18next";
import { useBanners } from "../../lib/config-service/queries.ts";
import type { Banner, BannerPosition } from "../../lib/config-service/schemas.ts";
import { leadsToBuiltPage } from "../../lib/operations/built-operations.ts";
import { merchantSrcSet } from "../../lib/theme/responsive-image.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";

/**
 * The merchant's banners for one position; renders nothing while loading, on error or if none.
 * A banner leading to a feature this release has not built is left out: it would advertise a
 * page that does nothing yet.
 */
export function BannerList({ position }: { position: BannerPosition }) {
  const { t } = useTranslation();
  const banners = (useBanners(position).data ?? []).filter(
    (banner) => !banner.link || leadsToBuiltPage(banner.link),
  );
  if (banners.length === 0) return null;
  const list = (
    <ul className="k-banners__list">
      {banners.map((banner) => (
        <li key={banner.id}>
          <BannerCard banner={banner} />
        </li>
      ))}
    </ul>
  );
  // The right column is already a labelled <aside>; the bottom row is its own named region, so
  // that no content sits outside a landmark.
  return position === "bottom" ? (
    <section className="k-banners k-banners--bottom" aria-label={t("layout.banners")}>
      {list}
    </section>
  ) : (
    <div className={`k-banners k-banners--${position}`}>{list}</div>
  );
}

function BannerCard({ banner }: { banner: Banner }) {
  const image = safeUrl(banner.imageUrl);
  const href = safeUrl(banner.link);
  const content = (
    <>
      {image ? (
        <img
          className="k-banner__image"
          src={image}
          srcSet={merchantSrcSet(image)}
          // A phone's strip draws it 112 px wide, the right column 320, a bottom banner's 240.
          sizes="(min-width: 768px) 320px, 112px"
          // No width/height: the artwork keeps its own aspect ratio (layout.css holds a 2:1 box
          // until it arrives, the seeded artwork's ratio, so nothing moves for those).
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <span className="k-banner__body">
        <span className="k-banner__title">{banner.title}</span>
        <span className="k-banner__text">{banner.text}</span>
      </span>
    </>
  );
  if (!href) return <div className="k-banner">{content}</div>;
  const external = !href.startsWith("/");
  return (
    <a
      className="k-banner k-banner--link"
      href={href}
      target={external ? "_blank" : undefined}
      rel={external ? "noopener noreferrer" : undefined}
    >
      {content}
    </a>
  );
}
