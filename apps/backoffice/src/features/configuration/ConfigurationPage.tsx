import { ErrorMessage, Loading } from "../../components/kit.tsx";
import "./configuration.css";
import { can, useMe } from "../../lib/me.ts";
import { BrandingSection } from "./BrandingSection.tsx";
import { CardProgramsSection } from "./CardProgramsSection.tsx";
import { useConfig, useVersions } from "./config-api.ts";
import { FeesSection } from "./FeesSection.tsx";
import { LimitsSection } from "./LimitsSection.tsx";
import { LinksSection } from "./LinksSection.tsx";
import { OperationsSection } from "./OperationsSection.tsx";
import { TextsSection } from "./TextsSection.tsx";
import { VersionsSection } from "./VersionsSection.tsx";

const JUMPS = [
  ["config-operations", "Operations"],
  ["config-branding", "Branding"],
  ["config-texts", "Texts"],
  ["config-links", "Documents and social"],
  ["config-card-programs", "Card programs"],
  ["config-fees", "Fees"],
  ["config-limits", "Limits"],
  ["config-versions", "Versions"],
] as const;

/**
 * The merchant's configuration, section by section; each Save is one version, live on every
 * server within seconds (docs/backoffice.md "Configuration").
 */
export function ConfigurationPage() {
  const me = useMe();
  const config = useConfig();
  const versions = useVersions();
  const canSave = can(me, "config.manage");
  if (config.isPending) return <Loading />;
  if (config.error || !config.data) return <ErrorMessage error={config.error} />;
  const c = config.data;
  // A form starts from what the server holds and keeps its draft after its own save; a rollback
  // changes what the server holds under it, so the forms start again from it.
  const key = Math.max(
    0,
    ...(versions.data?.versions ?? []).filter((v) => v.restoredVersion).map((v) => v.version),
  );
  return (
    <>
      <h1>Configuration</h1>
      <nav aria-label="Sections" className="jumps">
        <ul>
          {JUMPS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <OperationsSection
        key={`o${key}`}
        operations={c.operations.operations}
        names={c.operationNames}
        canSave={canSave}
      />
      <BrandingSection key={`b${key}`} branding={c.branding} canSave={canSave} />
      <TextsSection key={`t${key}`} texts={c.texts} canSave={canSave} />
      <LinksSection key={`l${key}`} links={c.links} canSave={canSave} />
      <CardProgramsSection key={`c${key}`} programs={c.cardPrograms} canSave={canSave} />
      <FeesSection key={`f${key}`} pairs={c.fees.pairs} canSave={canSave} />
      <LimitsSection key={`k${key}`} limits={c.limits} names={c.operationNames} canSave={canSave} />
      <VersionsSection canRollBack={canSave} />
    </>
  );
}
