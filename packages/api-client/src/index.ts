export {
  ApiError,
  type ApiErrorFields,
  fieldMessage,
  toApiError,
  unwrap,
} from "./api-error.ts";
export {
  type ApiErrorBody,
  type ClientOptions,
  createKestrelClient,
  isApiErrorBody,
  type KestrelClient,
} from "./client.ts";
export { RequiredParameterError, requiredParamsMiddleware } from "./required-params.ts";
export {
  type AccessGrant,
  bearerOperations,
  cookieRefresh,
  createSession,
  type Session,
  SessionEndedError,
  type SessionOptions,
  sessionMiddleware,
} from "./session.ts";
