import "./asset-icon.css";

// The icons of scripts/web-icons.ts, as same-origin files (`?no-inline`: a URL each, never bytes
// in the page's script, so an icon costs the first render nothing and loads only where shown).
const files = import.meta.glob<string>("../../assets/icons/*/*.svg", {
  query: "?no-inline",
  import: "default",
  eager: true,
});

function iconUrl(folder: "currencies" | "networks", code: string): string | undefined {
  return files[`../../assets/icons/${folder}/${code}.svg`];
}

/**
 * A currency's icon (a coin's logo, a fiat currency's flag) or a network's, decorative: the code
 * or name always stands beside it. A code without an icon gets a monogram of its first letters.
 */
export function AssetIcon({
  code,
  kind = "currency",
  size = 32,
}: {
  code: string;
  kind?: "currency" | "network";
  size?: number;
}) {
  const url = iconUrl(kind === "currency" ? "currencies" : "networks", code);
  const style = { width: size, height: size };
  if (!url) {
    return (
      <span className="k-asset-icon k-asset-icon--monogram" style={style} aria-hidden="true">
        {code.slice(0, kind === "currency" ? 3 : 2)}
      </span>
    );
  }
  // The picture keeps its own ratio (a flag is 3:2) inside a round box of a fixed size, which
  // crops it without stretching it and holds its place while it loads.
  return (
    <span className="k-asset-icon" style={style} aria-hidden="true">
      <img src={url} alt="" decoding="async" />
    </span>
  );
}
