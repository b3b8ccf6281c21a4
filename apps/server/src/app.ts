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
import { acquirerCallbackRoutes } from "./modules/acquiring/acquirer-callback.routes.ts";
import { payinRoutes } from "./modules/acquiring/payin.routes.ts";
import { payoutRoutes } from "./modules/acquiring/payout.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { signupRoutes } from "./modules/auth/signup.routes.ts";
import { backofficeRoutes } from "./modules/backoffice/backoffice.routes.ts";
import { captchaRoutes } from "./modules/captcha/captcha.routes.ts";
import { cardFundingRoutes } from "./modules/card-funding/card-funding.routes.ts";
import { cardFundingCallbackRoutes } from "./modules/card-funding/card-funding-callback.routes.ts";
import { cardOrdersRoutes } from "./modules/card-orders/card-orders.routes.ts";
import { cardsRoutes } from "./modules/cards/cards.routes.ts";
import { cardsCallbackRoutes } from "./modules/cards/cards-callback.routes.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { claimsRoutes, claimsSandboxRoutes } from "./modules/claims/claims.routes.ts";
import { chainNotificationRoutes } from "./modules/crypto/chain-notifications.routes.ts";
import { customersRoutes } from "./modules/customers/customers.routes.ts";
import { depositsRoutes } from "./modules/deposits/deposits.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { historyRoutes } from "./modules/history/history.routes.ts";
import { bankNotificationRoutes } from "./modules/iban/bank-notifications.routes.ts";
import { ibanRoutes } from "./modules/iban/iban.routes.ts";
import { kycRoutes } from "./modules/kyc/kyc.routes.ts";
import { kycCallbackRoutes } from "./modules/kyc/kyc-callback.routes.ts";
import { kycDocumentsRoutes } from "./modules/kyc/kyc-documents.routes.ts";
import { kycSandboxRoutes } from "./modules/kyc/kyc-sandbox.routes.ts";
import { locationRoutes } from "./modules/location/location.routes.ts";
import { merchantLogosRoutes } from "./modules/merchant-config/merchant-logos.routes.ts";
import { supportChatOrigin } from "./modules/merchants/index.ts";
import { merchantsRoutes } from "./modules/merchants/merchants.routes.ts";
import { registerOperatorGuard } from "./modules/operators/index.ts";
import { operatorsRoutes } from "./modules/operators/operators.routes.ts";
import { quotesRoutes } from "./modules/quotes/quotes.routes.ts";
import { ratesRoutes } from "./modules/rates/rates.routes.ts";
import { sandboxRoutes } from "./modules/sandbox/sandbox.routes.ts";
import { sandboxAcquirerRoutes } from "./modules/sandbox/sandbox-acquirer.routes.ts";
import { sandboxBankRoutes } from "./modules/sandbox/sandbox-bank.routes.ts";
import { sandboxChainRoutes } from "./modules/sandbox/sandbox-chain.routes.ts";
import { sandboxDepositsRoutes } from "./modules/sandbox/sandbox-deposits.routes.ts";
import { sandboxIssuerRoutes } from "./modules/sandbox/sandbox-issuer.routes.ts";
import { sandboxSpendingRoutes } from "./modules/sandbox/sandbox-spending.routes.ts";
import { sandboxSupportChatRoutes } from "./modules/sandbox/sandbox-support-chat.routes.ts";
import { sandboxWalletsRoutes } from "./modules/sandbox/sandbox-wallets.routes.ts";
import { securityRoutes } from "./modules/security/security.routes.ts";
import { sendRoutes } from "./modules/send/send.routes.ts";
import { statementsRoutes } from "./modules/statements/statements.routes.ts";
import { statusRoutes } from "./modules/status/status.routes.ts";
import { walletsRoutes } from "./modules/wallets/wallets.routes.ts";
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
