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
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (section === "branding")
    return changed.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join("; ") || "no change";
  return changed.length ? `${changed.join(", ")} changed` : "no change";
}
