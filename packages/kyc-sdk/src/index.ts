// Public API of @kestrel/kyc-sdk: mount the verification widget, and its message protocol.
export { type KycWidget, mount } from "./mount.ts";
export {
  CHANNEL,
  DOCUMENT_KINDS,
  type DocumentKind,
  type DocumentSettings,
  envelope,
  type HostMessage,
  INVALID_TOKEN,
  type InitMessage,
  parseHostMessage,
  type Theme,
  type WidgetMessage,
} from "./protocol.ts";
