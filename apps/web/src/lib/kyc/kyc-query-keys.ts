import { CUSTOMER_QUERY_KEY } from "../customer/profile-queries.ts";

// Under the customer's key, so signing out drops them with the rest of the customer's data.
// Shared: the limits page reads the limits, the verification page refreshes them when the level changes.
const KYC_QUERY_KEY = [...CUSTOMER_QUERY_KEY, "kyc"] as const;
export const KYC_DATA_QUERY_KEY = [...KYC_QUERY_KEY, "data"] as const;
export const KYC_LIMITS_QUERY_KEY = [...KYC_QUERY_KEY, "limits"] as const;
