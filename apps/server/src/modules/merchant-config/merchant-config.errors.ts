import { defineErrors } from "../../http/app-error.ts";

/** Refusals of configuration changes (docs/backoffice.md "Configuration"). */
export const merchantConfigErrors = defineErrors({
  CONTRAST_TOO_LOW: {
    status: 400,
    errorId: 21501,
    message: "These colours are too close to read: text needs a contrast of at least 4.5:1.",
  },
  DUPLICATE_ENTRY: { status: 400, errorId: 21502, message: "This entry is listed twice." },
  CONFIG_VERSION_NOT_FOUND: {
    status: 404,
    errorId: 21503,
    message: "This configuration version does not exist.",
  },
});
