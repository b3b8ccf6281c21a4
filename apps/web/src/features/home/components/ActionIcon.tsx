// Simple line icons for the quick actions; decorative, the button's text names the action.
const PATHS = {
  plus: "M12 5v14M5 12h14",
  send: "M4 12l16-8-6 16-2.5-6.5z",
  exchange: "M7 7h12l-3-3M17 17H5l3 3",
  withdraw: "M12 4v12M6 10l6 6 6-6M5 20h14",
  card: "M3 6h18v12H3zM3 10h18",
  earn: "M4 18l5-6 4 3 7-9M15 6h5v5",
  bank: "M3 10l9-6 9 6M5 10v8M19 10v8M9 10v8M15 10v8M3 20h18",
  phone: "M8 3h8v18H8zM11 18h2",
  wallet: "M3 7h16v12H3zM16 12h5v4h-5zM3 7l12-4v4",
} as const;

export type ActionIconName = keyof typeof PATHS;

export function ActionIcon({ name }: { name: ActionIconName }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
