type State = Record<string, unknown>;
type Operation = { operationType: string; constraint: string; kycLevels: string[] };

const show = (v: unknown) =>
  v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);

/** What a version changed, in a line an operator reads: "EXCHANGE: NONE → MAINTENANCE". */
export function versionSummary(section: string, before: State, after: State): string {
  if (section === "operations") {
    const was = new Map(((before.operations ?? []) as Operation[]).map((o) => [o.operationType, o]));
    const now = new Map(((after.operations ?? []) as Operation[]).map((o) => [o.operationType, o]));
    const lines: string[] = [];
    for (const [type, o] of now) {
      const old = was.get(type);
      if (!old) lines.push(`${type} added`);
      else {
        if (old.constraint !== o.constraint) lines.push(`${type}: ${old.constraint} → ${o.constraint}`);
        if (old.kycLevels.join() !== o.kycLevels.join())
          lines.push(`${type}: ${old.kycLevels.join("+")} → ${o.kycLevels.join("+")}`);
      }
    }
    for (const type of was.keys()) if (!now.has(type)) lines.push(`${type} removed`);
    return lines.join("; ") || "no change";
  }
  if (section === "fees") {
    return (
      rowChanges(
        (before.pairs ?? []) as Row[],
        (after.pairs ?? []) as Row[],
        (p) => `${p.kind} ${p.currencyFrom}→${p.currencyTo}`,
        (p) => p.fees as State,
      ) || "no change"
    );
  }
  if (section === "limits") {
    return (
      rowChanges(
        (before.limits ?? []) as Row[],
        (after.limits ?? []) as Row[],
        (r) => `${r.kycLevel} ${r.operationType}`,
        (r) => r,
      ) || "no change"
    );
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (section === "branding")
    return changed.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join("; ") || "no change";
  return changed.length ? `${changed.join(", ")} changed` : "no change";
}

type Row = Record<string, unknown>;

/** "KYC_0 DEPOSITS: perTransaction 1000.00 → 500.00", per row that changed, added or removed. */
function rowChanges(
  before: Row[],
  after: Row[],
  name: (r: Row) => string,
  values: (r: Row) => State,
): string {
  const was = new Map(before.map((r) => [name(r), values(r)]));
  const now = new Map(after.map((r) => [name(r), values(r)]));
  const lines: string[] = [];
  for (const [key, v] of now) {
    const old = was.get(key);
    if (!old) {
      lines.push(`${key} added`);
      continue;
    }
    for (const field of Object.keys(v)) {
      if (JSON.stringify(old[field]) !== JSON.stringify(v[field]))
        lines.push(`${key}: ${field} ${show(old[field])} → ${show(v[field])}`);
    }
  }
  for (const key of was.keys()) if (!now.has(key)) lines.push(`${key} removed`);
  return lines.join("; ");
}
