import { useTranslation } from "react-i18next";
import { SocialIcon } from "../../components/SocialIcon.tsx";
import { useMerchantDocuments, useMerchantSocial } from "../../lib/config-service/queries.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";

interface FooterLink {
  label: string;
  url: string | undefined;
  /** A social network's name: the link shows its icon and is named in words. */
  network?: string;
}

/** The merchant's documents (terms, privacy...) and social links. */
export function SiteFooter() {
  const { t } = useTranslation();
  const documents = (useMerchantDocuments().data ?? []).map((doc) => ({
    label: doc.title,
    url: safeUrl(doc.url),
  }));
  const social = (useMerchantSocial().data?.links ?? []).map((link) => ({
    label: t("layout.socialLink", { network: link.name }),
    url: safeUrl(link.url),
    network: link.name,
  }));
  if (documents.length === 0 && social.length === 0) return null;
  return (
    <footer className="k-footer k-surface">
      <FooterLinks title={t("layout.documents")} links={documents} />
      <FooterLinks title={t("layout.social")} links={social} />
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: FooterLink[] }) {
  const usable = links.filter((link): link is FooterLink & { url: string } => link.url !== undefined);
  if (usable.length === 0) return null;
  return (
    <nav aria-label={title}>
      <ul className="k-footer__list">
        {usable.map((link) => (
          <li key={`${link.label}-${link.url}`}>
            {link.network ? (
              <a
                className="k-link k-footer__social"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={link.label}
                title={link.label}
              >
                <SocialIcon network={link.network} />
              </a>
            ) : (
              <a className="k-link" href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
