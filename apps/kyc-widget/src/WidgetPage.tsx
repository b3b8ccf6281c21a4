/**
 * The verification widget's frame. The steps (document, selfie, review, status) and the message
 * bridge arrive with the identity-verification feature; until then it says what it is and where
 * it is used, and nothing pretends to verify anyone.
 */
export function WidgetPage() {
  const framed = window.parent !== window;
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 480, margin: "0 auto", padding: 24 }}>
      <h1 style={{ fontSize: 22 }}>Identity verification</h1>
      <p>
        {framed
          ? "Verification is starting. Please keep this window open."
          : "This page runs inside the app. Open Verification from your account to verify your identity."}
      </p>
    </main>
  );
}
