/**
 * The frame's address: the widget URL with the host page's origin as `hostOrigin`, which the
 * widget uses where the browser does not tell it its parent's origin (the server's
 * frame-ancestors policy already limits who may frame it).
 */
export function frameUrl(url: string, hostOrigin: string): URL {
  const src = new URL(url, window.location.href);
  if (src.protocol !== "https:" && src.protocol !== "http:")
    throw new Error("The widget URL must be http(s)");
  src.searchParams.set("hostOrigin", hostOrigin);
  return src;
}

const VIEWPORT = "width=device-width, initial-scale=1";

/** Adds a viewport meta tag when the page has none; answers how to take it away again. */
export function addViewportTag(doc: Document): () => void {
  if (doc.head.querySelector('meta[name="viewport"]')) return () => {};
  const meta = doc.createElement("meta");
  meta.name = "viewport";
  meta.content = VIEWPORT;
  doc.head.appendChild(meta);
  return () => meta.remove();
}
