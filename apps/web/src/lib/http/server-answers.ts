/**
 * Answers the server put inside index.html for the calls the app makes before its first screen
 * (apps/server/src/plugins/web-boot-answers.ts): the merchant's look, name and texts, the
 * location check and, on the sign-in pages, the phone countries. The app puts them in its query
 * cache before the first render (config-service/start-answers.ts). Without the script (vite dev,
 * tests, an old server) there are none and every call is fetched.
 */
export type ServerAnswer = { status: number; body: unknown };

export function readServerAnswers(
  doc: Document | undefined = globalThis.document,
): Record<string, ServerAnswer> {
  const text = doc?.getElementById("k-server-answers")?.textContent;
  try {
    return text ? (JSON.parse(text) as Record<string, ServerAnswer>) : {};
  } catch {
    return {};
  }
}
