import type { ReactNode } from "react";

// Inline, so a footer link costs no request; drawn on a 24-unit grid in the text's colour.
const GLYPHS: Record<string, ReactNode> = {
  x: (
    <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.25 6.93ZM17.61 20.64h2.04L6.49 3.24H4.3Z" />
  ),
  facebook: (
    <path d="M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.5c0-.9.3-1.6 1.6-1.6h1.7V4.1c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.3H7.3v3.2h2.8V22Z" />
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" />
    </>
  ),
  linkedin: (
    <>
      <circle cx="5" cy="5" r="2.2" />
      <rect x="3" y="8.5" width="4" height="12.5" />
      <path d="M9.5 8.5h3.8v1.8c.6-1.1 2-2.1 4-2.1 3.4 0 4.2 2.2 4.2 5.1V21h-4v-6.8c0-1.6-.3-2.8-1.9-2.8s-2.1 1.2-2.1 2.8V21h-4Z" />
    </>
  ),
  telegram: (
    <path d="M21.8 3.2 1.9 10.9c-1.3.5-1.3 1.3-.2 1.6l5.1 1.6 1.9 6c.3.7.5 1 1 1s.7-.2 1.1-.6l2.5-2.4 5.1 3.8c.9.5 1.6.2 1.8-.9l3.3-15.6c.3-1.4-.5-2-1.7-1.5ZM8.6 14.2l9.6-6.1c.5-.3.9-.1.5.2l-7.8 7.1-.3 3.4Z" />
  ),
  youtube: (
    <path d="M23.5 6.5a3 3 0 0 0-2.1-2.1C19.5 4 12 4 12 4s-7.5 0-9.4.4A3 3 0 0 0 .5 6.5C0 8.4 0 12 0 12s0 3.6.5 5.5a3 3 0 0 0 2.1 2.1c1.9.4 9.4.4 9.4.4s7.5 0 9.4-.4a3 3 0 0 0 2.1-2.1c.5-1.9.5-5.5.5-5.5s0-3.6-.5-5.5ZM9.6 15.6V8.4l6.3 3.6Z" />
  ),
};
const ALIASES: Record<string, string> = { twitter: "x", "x (twitter)": "x" };

/** A link-chain mark for a network without a glyph here: still an icon, never a bare letter. */
const LINK = (
  <path
    d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1.5 1.5M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1.5-1.5"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  />
);

/** The network's icon (X, Facebook, Instagram, LinkedIn, Telegram, YouTube), decorative: the link names it. */
export function SocialIcon({ network }: { network: string }) {
  const key = network.trim().toLowerCase();
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
      {GLYPHS[ALIASES[key] ?? key] ?? LINK}
    </svg>
  );
}
