import { useEffect, useState } from "react";
import { loadPhoneNumbers, phoneNumbersLoaded } from "./phone-number.ts";

/**
 * Starts loading the phone number library when a phone field appears (phone-number.ts) and
 * answers whether it is there, re-rendering once it is.
 */
export function usePhoneNumbers(): boolean {
  const [ready, setReady] = useState(phoneNumbersLoaded);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadPhoneNumbers().then(
      () => current && setReady(true),
      () => undefined, // offline: validation retries the download and reports the failure
    );
    return () => {
      current = false;
    };
  }, [ready]);
  return ready;
}
