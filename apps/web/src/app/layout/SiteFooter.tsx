import { useTranslation } from "react-i18next";
import { useMerchantDocuments, useMerchantSocial } from "../../lib/config-service/queries.ts";
import { safeUrl } from "../../lib/theme/safe-url.ts";

interface FooterLink {
  label: string;
  url: string | undefined;
}

/** The merchant's documents (terms, privacy...) and social links. */
export function SiteFooter() {
  const { t } = useTranslation();
  const documents = (useMerchantDocuments().data ?? []).map((doc) => ({
    label: doc.title,
    url: safeUrl(doc.url),
  }));
  const social = (useMerchantSocial().data?.links ?? []).map((link) => ({
    label: link.name,
    url: safeUrl(link.url),
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
  const usable = links.filter((link): link is { label: string; url: string } => link.url !== undefined);
  if (usable.length === 0) return null;
  return (
    <nav aria-label={title}>
      <ul className="k-footer__list">
        {usable.map((link) => (
          <li key={`${link.label}-${link.url}`}>
            <a className="k-link" href={link.url} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
