// Spec §5: anything but letters, digits, hyphen, comma, period and whitespace is removed.
// Letters and digits of every script count (\p{L}, \p{N}, with combining marks \p{M}), so names
// such as "Zoë" or "Łódź" survive.
const DISALLOWED = /[^\p{L}\p{M}\p{N}\-,.\s]/gu;

/**
 * Cleans free text as it is typed: disallowed characters go, a leading space is trimmed and a
 * trailing double space collapses to one, so words stay separated by single spaces.
 */
export function sanitizeFreeText(input: string): string {
  return input
    .replace(DISALLOWED, "")
    .replace(/^\s+/, "")
    .replace(/\s{2,}$/, " ");
}
