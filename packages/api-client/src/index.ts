export {
  type ApiErrorBody,
  type ClientOptions,
  createKestrelClient,
  isApiErrorBody,
  type KestrelClient,
} from "./client.ts";
export { RequiredParameterError, requiredParamsMiddleware } from "./required-params.ts";
