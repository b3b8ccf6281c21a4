/** Spec §2 "/_app — application shell page": the component gallery, in sandbox mode only. */
export const KIT_PATH = "/_app";
