export {
  ApiError,
  fieldMessage,
  toApiError,
  unwrap,
} from "./api-error.ts";
export {
  createKestrelClient,
  type KestrelClient,
} from "./client.ts";
export {
  type AccessGrant,
  cookieRefresh,
  createSession,
} from "./session.ts";
