import { KYC_LEVEL_PHRASES } from "@kestrel/domain";
import { useState } from "react";
import { Section, Table } from "../../components/kit.tsx";
import { type Config, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Operation = Config["operations"]["operations"][number];
type OperationNames = Config["operationNames"];

const STATUS_LABELS = { NONE: "Enabled", MAINTENANCE: "Maintenance", DISABLED: "Disabled" } as const;
/** The level lists an operation may have, as operators read them. */
const LEVELS = [
  { value: "KYC_0,KYC_2", label: `${KYC_LEVEL_PHRASES.KYC_0} and up` },
  { value: "KYC_2", label: `${KYC_LEVEL_PHRASES.KYC_2} only` },
  { value: "KYC_0", label: `${KYC_LEVEL_PHRASES.KYC_0} only` },
] as const;

/** Each operation of the catalog: its switch and the KYC level it needs. */
export function OperationsSection(props: {
  operations: Operation[];
  canSave: boolean;
  names: OperationNames;
}) {
  const label = (type: string) => props.names[type as keyof OperationNames] ?? type;
  const [rows, setRows] = useState(props.operations);
  const save = useSaveSection("operations");
  const set = (type: string, patch: Partial<Operation>) =>
    setRows((all) => all.map((o) => (o.operationType === type ? { ...o, ...patch } : o)));
  return (
    <Section title="Operations" id="config-operations">
      <Table<Operation>
        caption="Operations catalog"
        rows={rows}
        rowKey={(o) => o.operationType}
        empty="This merchant offers no operations."
        columns={[
          {
            header: "Operation",
            cell: (o) => (
              <>
                {label(o.operationType)} <span className="mono muted op-code">{o.operationType}</span>
              </>
            ),
          },
          {
            header: "Status",
            cell: (o) => (
              <select
                aria-label={`Status of ${label(o.operationType)}`}
                value={o.constraint}
                disabled={!props.canSave}
                onChange={(e) =>
                  set(o.operationType, { constraint: e.target.value as Operation["constraint"] })
                }
              >
                {Object.entries(STATUS_LABELS).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            ),
          },
          {
            header: "KYC level",
            cell: (o) => (
              <select
                aria-label={`KYC level of ${label(o.operationType)}`}
                value={o.kycLevels.join(",")}
                disabled={!props.canSave}
                onChange={(e) =>
                  set(o.operationType, { kycLevels: e.target.value.split(",") as Operation["kycLevels"] })
                }
              >
                {LEVELS.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
      />
      <SaveBar
        label="operations"
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) => save.mutate({ operations: rows, ...(reason ? { reason } : {}) })}
      />
    </Section>
  );
}
