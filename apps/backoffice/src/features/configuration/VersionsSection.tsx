import { useEffect, useRef, useState } from "react";
import { ErrorMessage, Loading, Section, Table } from "../../components/kit.tsx";
import { when } from "../../lib/api.ts";
import { useRollback, useVersions } from "./config-api.ts";
import { versionSummary } from "./version-summary.ts";

type Version = NonNullable<ReturnType<typeof useVersions>["data"]>["versions"][number];

const SECTION_NAMES: Record<string, string> = {
  operations: "Operations",
  branding: "Branding",
  texts: "Texts",
  links: "Documents and social",
  cardPrograms: "Card programs",
};

/** Every change, newest first, with who, when and what; any one can be restored. */
export function VersionsSection(props: { canRollBack: boolean }) {
  const versions = useVersions();
  const rollback = useRollback();
  const [target, setTarget] = useState<Version | undefined>();
  const [reason, setReason] = useState("");
  // The confirmation opens below the list: take the operator (and their screen reader) to it.
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (target) confirmHeading.current?.focus();
  }, [target]);
  if (versions.isPending) return <Loading />;
  if (versions.error || !versions.data) return <ErrorMessage error={versions.error} />;
  // The newest version of a section is what it is now: rolling back to it would change nothing.
  const newest = new Set<number>();
  const seen = new Set<string>();
  for (const v of versions.data.versions) {
    if (!seen.has(v.section)) newest.add(v.version);
    seen.add(v.section);
  }
  return (
    <Section title="Versions" id="config-versions">
      <Table<Version>
        caption="Configuration versions"
        rows={versions.data.versions}
        rowKey={(v) => String(v.version)}
        empty="No change has been made from the back-office yet."
        columns={[
          { header: "Version", cell: (v) => v.version },
          { header: "Section", cell: (v) => SECTION_NAMES[v.section] ?? v.section },
          { header: "Who", cell: (v) => v.operatorEmail ?? "—" },
          { header: "When", cell: (v) => when(v.createdAt) },
          {
            header: "What",
            cell: (v) => (
              <>
                {v.restoredVersion ? `Rolled back to version ${v.restoredVersion}: ` : ""}
                {versionSummary(v.section, v.before, v.after)}
                {v.reason ? <span className="muted"> — {v.reason}</span> : null}
              </>
            ),
          },
          {
            header: "Action",
            cell: (v) =>
              props.canRollBack && !newest.has(v.version) ? (
                <button
                  type="button"
                  className="button secondary"
                  // A name, not hidden text: an absolutely placed span in a scrolled table
                  // widens the whole page on a phone.
                  aria-label={`Roll back to this version (${v.version})`}
                  onClick={() => {
                    rollback.reset();
                    setTarget(v);
                  }}
                >
                  Roll back to this version
                </button>
              ) : null,
          },
        ]}
      />
      {target ? (
        <section className="confirm" aria-labelledby="rollback-title">
          <h3 id="rollback-title" tabIndex={-1} ref={confirmHeading}>
            Roll back {SECTION_NAMES[target.section]?.toLowerCase()} to version {target.version}?
          </h3>
          <p>
            The section becomes what version {target.version} made it, as a new version; every server applies
            it within seconds.
          </p>
          <div className="field">
            <label htmlFor="rollback-reason">Reason</label>
            <input
              id="rollback-reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <ErrorMessage error={rollback.error} />
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={rollback.isPending}
              onClick={() =>
                rollback.mutate(
                  { version: target.version, reason: reason.trim() },
                  { onSuccess: () => setTarget(undefined) },
                )
              }
            >
              Roll back
            </button>
            <button type="button" className="button secondary" onClick={() => setTarget(undefined)}>
              Cancel
            </button>
          </div>
        </section>
      ) : null}
    </Section>
  );
}
