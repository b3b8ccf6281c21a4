/**
 * A provider's details or an audit entry's changes as an operator reads them: one line per field,
 * the field's name in words ("providerReference" reads "Provider reference"), never JSON.
 */
export function Details({ value }: { value: Record<string, unknown> | null | undefined }) {
  const fields = Object.entries(value ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== "");
  if (fields.length === 0) return "—";
  return (
    <dl className="details">
      {fields.map(([name, v]) => (
        <div key={name}>
          <dt>{fieldWords(name)}</dt>
          <dd>{valueWords(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "providerReference" and "provider_reference" read "Provider reference". */
export function fieldWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueWords(v: unknown): string {
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (Array.isArray(v)) return v.map(valueWords).join(", ");
  if (typeof v === "object" && v !== null)
    return Object.entries(v)
      .map(([k, x]) => `${fieldWords(k)}: ${valueWords(x)}`)
      .join("; ");
  return String(v);
}
