// Public API of @kestrel/kyc-sdk: mount the verification widget, and its message protocol.
export { ERRORS, type KycWidget, type MountOptions, mount } from "./mount.ts";
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
  parseWidgetMessage,
  THEMES,
  type Theme,
  type WidgetMessage,
  type WidgetOptions,
} from "./protocol.ts";
