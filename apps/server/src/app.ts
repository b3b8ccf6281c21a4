import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { loggerOptions, RequestLogController } from "./logger.ts";
import { registerHttpMetrics } from "./metrics/http-metrics.ts";
import { watchPool } from "./metrics/sources.ts";
import { acquirerCallbackRoutes, payinRoutes, payoutRoutes } from "./modules/acquiring/index.ts";
import { authRoutes, signupRoutes } from "./modules/auth/index.ts";
import { backofficeRoutes } from "./modules/backoffice/index.ts";
import { captchaRoutes } from "./modules/captcha/index.ts";
import { cardFundingCallbackRoutes, cardFundingRoutes } from "./modules/card-funding/index.ts";
import { cardOrdersRoutes } from "./modules/card-orders/index.ts";
import { cardsCallbackRoutes, cardsRoutes } from "./modules/cards/index.ts";
import { catalogRoutes } from "./modules/catalog/index.ts";
import { claimsRoutes, claimsSandboxRoutes } from "./modules/claims/index.ts";
import { chainNotificationRoutes } from "./modules/crypto/index.ts";
import { customersRoutes } from "./modules/customers/index.ts";
import { depositsRoutes } from "./modules/deposits/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { historyRoutes } from "./modules/history/index.ts";
import { bankNotificationRoutes, ibanRoutes } from "./modules/iban/index.ts";
import { kycCallbackRoutes, kycDocumentsRoutes, kycRoutes, kycSandboxRoutes } from "./modules/kyc/index.ts";
import { locationRoutes } from "./modules/location/index.ts";
import { merchantLogosRoutes } from "./modules/merchant-config/index.ts";
import { merchantsRoutes, supportChatOrigin } from "./modules/merchants/index.ts";
import { operatorsRoutes, registerOperatorGuard } from "./modules/operators/index.ts";
import { quotesRoutes } from "./modules/quotes/index.ts";
import { ratesRoutes } from "./modules/rates/index.ts";
import {
  sandboxAcquirerRoutes,
  sandboxBankRoutes,
  sandboxChainRoutes,
  sandboxDepositsRoutes,
  sandboxIssuerRoutes,
  sandboxRoutes,
  sandboxSpendingRoutes,
  sandboxSupportChatRoutes,
  sandboxWalletsRoutes,
} from "./modules/sandbox/index.ts";
import { securityRoutes } from "./modules/security/index.ts";
import { sendRoutes } from "./modules/send/index.ts";
import { statementsRoutes } from "./modules/statements/index.ts";
import { statusRoutes } from "./modules/status/index.ts";
import { walletsRoutes } from "./modules/wallets/index.ts";
import { registerAuthenticationFirst } from "./plugins/authenticate.ts";
import { registerContractStatuses, type UndocumentedStatus } from "./plugins/contract-statuses.ts";
import { frameworkErrorOptions, registerErrorHandler } from "./plugins/error-handler.ts";
import { refuseNulCharacters } from "./plugins/nul-characters.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerMerchantAssets, registerStaticApps, type StaticApps } from "./plugins/static-apps.ts";
import { nodeCurrencies } from "./providers/chain/chain-router.ts";
import { createLocalFaucet } from "./providers/chain/local/local-faucet.ts";
import { createServices } from "./services.ts";

export type BuildOptions = {
  database: Database;
  /** Built web app and widget to serve; omitted in API tests. */
  staticApps?: StaticApps;
  /** Log to stdout (false in tests unless LOG_LEVEL asks). */
  logger?: boolean;
  /** The quote engine's clock; tests move it to let offers lapse. */
  clock?: () => Date;
  /** Hears of an answer whose status the route's contract does not name (default: a warning). */
  onUndocumentedStatus?: (found: UndocumentedStatus) => void;
};

/** Builds the HTTP application: plugins first, then every module's routes. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    genReqId: () => randomUUID(),
    logController: new RequestLogController(),
    ...frameworkErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  // Timed only when someone reads them (METRICS_PORT): docs/operations.md "Metrics".
  if (config.metricsPort !== undefined) {
    registerHttpMetrics(app);
    watchPool(options.database.pool);
  }
  registerErrorHandler(app);
  registerAuthenticationFirst(app);
  refuseNulCharacters(app);
  registerContractStatuses(app, (found, req) => {
    req.log.warn(found, "status not in the contract");
    options.onUndocumentedStatus?.(found);
  });
  const chatOrigin = supportChatOrigin(config.supportChatWidgetUrl);
  await registerSecurityHeaders(app, {
    https: config.publicBaseUrl.startsWith("https:"),
    frameOrigins: chatOrigin ? [chatOrigin] : [],
  });
  // Answers over 1 KB (JSON, the HTML shell, the KYC widget) travel compressed; the web app's
  // assets are precompressed at build and sent as they are (static-apps.ts). Request bodies are
  // never inflated: an upload is taken as sent. Registered before any route, as the plugin needs.
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024, globalDecompression: false });
  await registerOpenApi(app);
  await app.register(formbody);
  // Only the token call reads a cookie; parsing every request's cookies would be wasted work.
  await app.register(cookie, { hook: false });

  const deps: AppDeps = {
    config,
    database: options.database,
    services: createServices(config, options.database, options.clock ? { clock: options.clock } : {}),
  };
  registerOperatorGuard(app, deps);
  // Configuration changes reach this instance's caches through LISTEN (docs/merchants.md).
  deps.services.configListener.start();
  app.addHook("onClose", () => deps.services.configListener.stop());
  await app.register(healthRoutes(deps));
  await app.register(merchantsRoutes(deps));
  await app.register(merchantLogosRoutes(deps));
  await app.register(locationRoutes(deps));
  await app.register(catalogRoutes(deps));
  await app.register(captchaRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(securityRoutes(deps));
  await app.register(signupRoutes(deps));
  await app.register(customersRoutes(deps));
  await app.register(kycRoutes(deps));
  await app.register(kycDocumentsRoutes(deps));
  await app.register(kycCallbackRoutes(deps));
  await app.register(ratesRoutes(deps));
  await app.register(walletsRoutes(deps));
  await app.register(sendRoutes(deps));
  await app.register(claimsRoutes(deps));
  await app.register(quotesRoutes(deps));
  await app.register(depositsRoutes(deps));
  await app.register(historyRoutes(deps));
  await app.register(statementsRoutes(deps));
  await app.register(statusRoutes(deps));
  await app.register(cardOrdersRoutes(deps));
  await app.register(cardsRoutes(deps));
  await app.register(cardsCallbackRoutes(deps));
  await app.register(cardFundingRoutes(deps));
  await app.register(cardFundingCallbackRoutes(deps));
  await app.register(chainNotificationRoutes(deps));
  for (const routes of [payinRoutes, payoutRoutes, acquirerCallbackRoutes]) await app.register(routes(deps));
  await app.register(ibanRoutes(deps));
  await app.register(bankNotificationRoutes(deps));
  if (config.sandbox) await app.register(sandboxRoutes(deps));
  if (config.sandbox) await app.register(sandboxWalletsRoutes(deps));
  if (config.sandbox) await app.register(kycSandboxRoutes(deps));
  if (config.sandbox) await app.register(sandboxDepositsRoutes(deps));
  if (config.sandbox) await app.register(claimsSandboxRoutes(deps));
  if (config.sandbox) await app.register(sandboxIssuerRoutes(deps));
  if (config.sandbox) await app.register(sandboxSpendingRoutes(deps));
  const { sandboxChain } = deps.services;
  if (sandboxChain) {
    await app.register(sandboxChainRoutes(sandboxChain, createLocalFaucet(config), nodeCurrencies(config)));
  }
  if (deps.services.sandboxAcquirer) await app.register(sandboxAcquirerRoutes(deps.services.sandboxAcquirer));
  if (deps.services.sandboxBank) await app.register(sandboxBankRoutes(deps.services.sandboxBank));
  const { sandboxSupportChat } = deps.services;
  if (sandboxSupportChat) await app.register(sandboxSupportChatRoutes(sandboxSupportChat));

  await app.register(operatorsRoutes(deps));
  await app.register(backofficeRoutes(deps));

  await registerMerchantAssets(app);
  if (options.staticApps) {
    const widgetFrameAncestors = deps.services.kyc.widgetFrameAncestors;
    await registerStaticApps(app, { ...options.staticApps, widgetFrameAncestors });
  }
  return app;
}
