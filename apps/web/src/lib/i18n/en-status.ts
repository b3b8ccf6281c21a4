import { addFeatureTexts } from "./feature-texts.ts";

/** English texts of the service status: home's strip and the /status page, loaded with their code. */
export const enStatus = {
  serviceStatus: {
    title: "Service status",
    stripTitle: "Some features are affected",
    stripItem: "{{name}}: {{state}} since {{since}}",
    stripItemNoSince: "{{name}}: {{state}}",
    stripLink: "See the status page",
    allWell: "Everything is working normally.",
    someAffected: "Some features are affected right now. Everything else works normally.",
    affected: "Affected now",
    working: "Working normally",
    since: "Since {{since}}",
    updated: "Updated {{time}}. This page refreshes by itself.",
    loadError: "We couldn't load the status. Please try again in a moment.",
    retry: "Try again",
    states: {
      OPERATIONAL: "Working",
      MAINTENANCE: "Maintenance",
      DEGRADED: "Disrupted",
      UNAVAILABLE: "Not available",
    },
  },
} as const;

addFeatureTexts(enStatus);
