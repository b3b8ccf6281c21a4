import { addFeatureTexts } from "./feature-texts.ts";

/** English texts of the security centre (/security and the alert link's page), loaded with its code. */
export const enSecurity = {
  security: {
    intro: "Where you are signed in, and what changed on your account lately.",
    sessionsTitle: "Devices and sessions",
    thisDevice: "This device",
    unknownDevice: "Unknown device",
    sessionRef: "{{device}}, session {{ref}}",
    lastActive: "Last active {{when}}",
    signedInAt: "Signed in {{when}}",
    signOut: "Sign out",
    signOutNamed: "Sign out {{device}}",
    signOutOthers: "Sign out all other sessions",
    onlyThis: "You are signed in on this device only.",
    confirmOneTitle: "Sign out {{device}}?",
    confirmOneText: "That device will need your phone number and password to sign in again.",
    confirmOthersTitle: "Sign out all other sessions?",
    confirmOthersText: "Every other device will need your phone number and password to sign in again.",
    confirm: "Sign out",
    keep: "Cancel",
    signedOutOne: "The session was signed out.",
    signedOutOthers_one: "{{count}} other session was signed out.",
    signedOutOthers_other: "{{count}} other sessions were signed out.",
    eventsTitle: "Recent security events",
    noEvents: "No security events yet.",
    more: "Show more",
    loadError: "We could not load this. Check your connection and try again.",
    retry: "Try again",
    newDevice: "new device",
    card: "card ending {{last4}}",
    viaAlert: "from the new sign-in email",
    notMe: {
      intro:
        "If someone else signed in to your account, we will sign out every device, including this one, and text you a code to set a new password.",
      action: "Sign out everywhere and reset my password",
      working: "Signing out…",
      missing: "This link is not complete. Open it again from the email.",
    },
  },
} as const;

addFeatureTexts(enSecurity);
