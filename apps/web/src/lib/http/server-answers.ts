/**
 * Answers the server put inside index.html for the calls the app makes before its first screen
 * (apps/server/src/plugins/web-boot-answers.ts): the merchant's look, name and texts and the
 * location check. Each is used once, by the first fetch of its exact path; a refetch goes to the
 * network. Without the script (vite dev, tests, an old server) every call is fetched as before.
 */
export type ServerAnswer = { status: number; body: unknown };

let answers: Map<string, ServerAnswer> | undefined;

export function takeServerAnswer(
  path: string,
  doc: Document | undefined = globalThis.document,
): ServerAnswer | undefined {
  answers ??= readAnswers(doc);
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}

function readAnswers(doc: Document | undefined): Map<string, ServerAnswer> {
  const text = doc?.getElementById("k-server-answers")?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, ServerAnswer>));
  } catch {
    return new Map();
  }
}

/** Forgets what was read, so a test can put another document's answers in place. */
export function resetServerAnswers(): void {
  answers = undefined;
}
