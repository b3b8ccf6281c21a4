/** The Idempotency-Key of one customer action: what is sent, and the key it goes with. */
export interface ActionKey {
  action: string;
  key: string;
}

/**
 * The key for sending `action` (its details, serialized): a retry of the same action keeps its
 * key, so the server does it at most once; a different action gets a fresh one. After a send
 * completes the caller forgets the key (null), so sending the same again is a new action.
 */
export function keyForAction(
  current: ActionKey | null,
  action: string,
  newKey: () => string = () => crypto.randomUUID(),
): ActionKey {
  return current && current.action === action ? current : { action, key: newKey() };
}
