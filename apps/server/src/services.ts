import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { clientSourceFromPool } from "./db/transaction.ts";
import { followedNetworkNames } from "./jobs/chain-follower-jobs.ts";
import { measureParty } from "./metrics/sources.ts";
import { createAcquiringService } from "./modules/acquiring/index.ts";
import { createAdjustmentsService } from "./modules/adjustments/index.ts";
import {
  createAccessTokens,
  createAuthRepository,
  createAuthService,
  createCodes,
  createSignupService,
} from "./modules/auth/index.ts";
import {
  createBackofficeService,
  createReportsService,
  createStuckPaymentsService,
} from "./modules/backoffice/index.ts";
import { createCaptchaRepository, createCaptchaService } from "./modules/captcha/index.ts";
import { createCardFundingService } from "./modules/card-funding/index.ts";
import { createCardOrdersService } from "./modules/card-orders/index.ts";
import { createCardSecurityService, createCardsService } from "./modules/cards/index.ts";
import { createCatalogRepository, createCatalogService } from "./modules/catalog/index.ts";
import { createClaimsService } from "./modules/claims/index.ts";
import { createCryptoService, createDepositAddresses } from "./modules/crypto/index.ts";
import { createCustomersRepository, createCustomersService } from "./modules/customers/index.ts";
import { createDepositsRepository, createDepositsService } from "./modules/deposits/index.ts";
import { createHistoryService } from "./modules/history/index.ts";
import { createIbanService } from "./modules/iban/index.ts";
import { createKycService } from "./modules/kyc/index.ts";
import { createLedgerService } from "./modules/ledger/index.ts";
import { createIpCountryDatabase, createLocationService } from "./modules/location/index.ts";
import {
  createConfigListener,
  createMerchantConfigRepository,
  createMerchantConfigService,
} from "./modules/merchant-config/index.ts";
import { createMerchantsRepository, createMerchantsService } from "./modules/merchants/index.ts";
import {
  createAuditRepository,
  createAuditService,
  createOperatorsRepository,
  createOperatorsService,
} from "./modules/operators/index.ts";
import { createQuotesService } from "./modules/quotes/index.ts";
import { createRateLimitRepository, createRateLimitService } from "./modules/ratelimit/index.ts";
import { createRatesService } from "./modules/rates/index.ts";
import {
  createSandboxCredit,
  createSandboxRepository,
  createSandboxService,
} from "./modules/sandbox/index.ts";
import { createSecurityService, recordSecurityEvent } from "./modules/security/index.ts";
import { createSendService } from "./modules/send/index.ts";
import { createStatementsService } from "./modules/statements/index.ts";
import { createProviderHealth, createStatusService } from "./modules/status/index.ts";
import { createWalletsService } from "./modules/wallets/index.ts";
import { createAcquirer } from "./providers/acquirer/acquirer-providers.ts";
import { sandboxAcquirerBook } from "./providers/acquirer/sandbox-acquirer-book.ts";
import { type BankRail, unavailableBank } from "./providers/bank/bank-provider.ts";
import { createSandboxBank } from "./providers/bank/sandbox-bank.ts";
import { sandboxBankBook } from "./providers/bank/sandbox-bank-book.ts";
import { createBlobStore } from "./providers/blobs/blob-stores.ts";
import { explorerTxUrls } from "./providers/chain/chain-networks.ts";
import { type ChainProvider, unavailableChain } from "./providers/chain/chain-provider.ts";
import { chainProviderFor, nodeCurrencies } from "./providers/chain/chain-router.ts";
import { confirmationsOfNodes } from "./providers/chain/evm-chain.ts";
import { createSandboxChain } from "./providers/chain/sandbox-chain.ts";
import { sandboxChainBook } from "./providers/chain/sandbox-chain-book.ts";
import { createProviders } from "./providers/index.ts";
import { createCardSecrets } from "./providers/issuer/card-secrets.ts";
import { unavailableIssuerControls } from "./providers/issuer/issuer-card-controls.ts";
import { type IssuerProvider, unavailableIssuer } from "./providers/issuer/issuer-provider.ts";
import { createSandboxIssuer } from "./providers/issuer/sandbox-issuer.ts";
import { sandboxIssuerBook } from "./providers/issuer/sandbox-issuer-book.ts";
import { createSandboxIssuerControls } from "./providers/issuer/sandbox-issuer-controls.ts";
import { createSandboxSpending } from "./providers/issuer/sandbox-spending.ts";
import { createKycProviders } from "./providers/kyc/kyc-providers.ts";
import { chainCarries, isStandIn, partyCoverage } from "./providers/party-coverage.ts";
import { createSandboxRates } from "./providers/rates/sandbox-rates.ts";
import { createSandboxSupportChatRepository } from "./providers/support-chat/sandbox-support-chat.repository.ts";
import { createSandboxSupportChat } from "./providers/support-chat/sandbox-support-chat.ts";

export type ServiceOptions = {
  /** The clock of the quote engine (offer validity) and of earn (openings, closes); tests move it. Unset: the system clock. */
  clock?: () => Date;
};

/** Wires every module's service to its repository and to the services it may call. */
export function createServices(config: Config, database: Database, options: ServiceOptions = {}) {
  const sql = clientSourceFromPool(database.pool);
  const providers = createProviders(config, database);
  const merchants = createMerchantsService({
    repository: createMerchantsRepository({ db: sql }),
    publicBaseUrl: config.publicBaseUrl,
  });
  const catalog = createCatalogService({
    repository: createCatalogRepository({ db: sql }),
    merchants,
    // Late-bound: the parties are made below.
    coverage: () => coverage,
  });
  const location = createLocationService({ ipCountry: createIpCountryDatabase(), catalog });
  const customers = createCustomersService({ repository: createCustomersRepository({ db: sql }) });
  const limits = createRateLimitService({
    repository: createRateLimitRepository({ db: sql }),
    ipLimitMultiplier: config.ipLimitMultiplier,
  });
  const authRepository = createAuthRepository({ db: sql });
  const codes = createCodes({
    repository: authRepository,
    sms: providers.sms,
    limits,
    secret: config.secrets.jwt,
  });
  const tokens = createAccessTokens(config.secrets.jwt, config.accessTokenTtlSeconds);
  const auth = createAuthService({
    config,
    db: sql,
    repository: authRepository,
    location,
    customers,
    codes,
    limits,
    tokens,
    recordSecurityEvent,
    // Late-bound: the security centre composes auth, and sends the new-device alert for it.
    onNewDevice: (ctx, signIn) => security.alertNewDevice(ctx, signIn),
  });
  // Sessions, the security event record and the new-device alert (docs/accounts.md "Security centre").
  const security = createSecurityService({ db: sql, auth, customers, codes, email: providers.email });
  const captcha = createCaptchaService({
    repository: createCaptchaRepository({ db: sql }),
    hmacKey: config.secrets.callback,
  });
  const signup = createSignupService({
    db: sql,
    captcha,
    repository: authRepository,
    customers,
    codes,
    limits,
    auth,
    recordSecurityEvent,
    email: providers.email,
    // Late-bound: claims is made below, with the ledger.
    onPhoneConfirmed: (merchantId, customerId) => claims.queueDelivery(merchantId, customerId),
  });
  const sandbox = createSandboxService({ repository: createSandboxRepository({ db: sql }) });
  const ledger = createLedgerService({ db: sql });
  const kyc = createKycService({
    config,
    db: sql,
    ...createKycProviders(config),
    customers,
    catalog,
    merchants,
    limits,
    onLevelChanged: (merchantId, customerId) => claims.queueDelivery(merchantId, customerId),
  });
  // Market data is a sandbox random walk for now; a production feed plugs in here.
  const rates = createRatesService({ provider: createSandboxRates({ seed: "kestrel-sandbox-rates" }) });
  // The chain: the sandbox simulation, or (until a production adapter exists) unavailable.
  const sandboxChain = config.sandbox
    ? createSandboxChain({
        db: sql,
        secondsPerConfirmation: config.chainConfirmationSeconds,
        callbackSecret: config.secrets.callback,
      })
    : undefined;
  const chainFallback = sandboxChain ?? unavailableChain();
  const chain: ChainProvider = measureParty("chain", chainProviderFor(config, sql, chainFallback));
  // The currencies some chain provider carries: only they get deposit addresses (docs/status.md).
  const chainCurrencies = isStandIn(chainFallback) ? nodeCurrencies(config) : ("all" as const);
  const addresses = createDepositAddresses({
    db: sql,
    carries: chainCarries(chainCurrencies),
  });
  const history = createHistoryService({ db: sql, explorerTxUrl: explorerTxUrls(config.explorerTxUrls) });
  // M per currency: a configured node's (EVM_CONFIRMATIONS, UTXO_<CUR>_CONFIRMATIONS), else the product's table.
  const confirmationsOf = confirmationsOfNodes(config.evm, config.utxo);
  const wallets = createWalletsService({ ledger, rates, addresses, confirmationsOf });
  const crypto = createCryptoService({
    db: sql,
    ledger,
    wallets,
    history,
    addresses,
    chain,
    releaseLimit: (tx, merchantId, reference) => kyc.release(tx, { merchantId, reference }),
    confirmationsOf,
  });
  // Sends to a phone that is no customer's yet wait here for its owner (docs/send.md).
  const claims = createClaimsService({
    db: sql,
    auth,
    ledger,
    history,
    customers,
    catalog,
    merchants,
    sms: providers.sms,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // Statements and receipts read the ledger, the history and claims (docs/statements.md).
  const statements = createStatementsService({
    ledger,
    history,
    claims,
    ...(options.clock ? { now: options.clock } : {}),
  });
  const send = createSendService({
    db: sql,
    auth,
    ledger,
    wallets,
    customers,
    history,
    kyc,
    rates,
    crypto,
    claims,
    codes,
    confirmationThreshold: config.sendConfirmationThreshold,
  });
  const quotes = createQuotesService({
    db: sql,
    auth,
    ledger,
    wallets,
    history,
    kyc,
    rates,
    ...(options.clock ? { now: options.clock } : {}),
  });
  const deposits = createDepositsService({
    db: sql,
    repository: createDepositsRepository({ db: sql }),
    auth,
    catalog,
    customers,
    ledger,
    history,
    kyc,
    rates,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // Card pay-in and payout through the acquirer (the sandbox one in sandbox mode); its failures
  // are recorded for the status page (docs/status.md).
  const providerHealth = createProviderHealth({ db: sql });
  const { acquirer, sandboxAcquirer } = createAcquirer(config, sql);
  const acquiring = createAcquiringService({
    db: sql,
    acquirer: measureParty("acquirer", providerHealth.watch("acquirer", acquirer)),
    offers: quotes.kinds,
    auth,
    customers,
    history,
    wallets,
    kyc,
    ledger,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // The bank rail: the sandbox bank, or (until a bank adapter exists) unavailable.
  const sandboxBank = config.sandbox
    ? createSandboxBank({
        db: sql,
        executionSeconds: config.bankExecutionSeconds,
        callbackSecret: config.secrets.callback,
      })
    : undefined;
  const bank: BankRail = measureParty("bank", providerHealth.watch("bank", sandboxBank ?? unavailableBank()));
  const iban = createIbanService({
    db: sql,
    auth,
    merchants,
    catalog,
    customers,
    ledger,
    history,
    kyc,
    rates,
    codes,
    quotes,
    bank,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // The support chat vendor: the sandbox chat in sandbox mode; in production the vendor is
  // outside (SUPPORT_CHAT_WIDGET_URL) and the server keeps nothing of its conversations.
  const sandboxSupportChat = config.sandbox
    ? createSandboxSupportChat({
        repository: createSandboxSupportChatRepository({ db: sql }),
        account: async (key) => {
          const merchant = await merchants.merchantBySupportChatKey(key);
          if (!merchant) return undefined;
          const brand = /^#[0-9a-fA-F]{6}$/.test(merchant.settings.buttonColor1)
            ? merchant.settings.buttonColor1
            : "#1F5EFF";
          return { title: merchant.title, brand };
        },
      })
    : undefined;
  const sandboxCredit = createSandboxCredit({ db: sql, ledger, wallets, history });
  // The card issuer: the sandbox one, or (until a production adapter exists) unavailable.
  const cardSecrets = createCardSecrets(config.cardDataKeys);
  const sandboxIssuer = config.sandbox
    ? createSandboxIssuer({
        db: sql,
        secrets: cardSecrets,
        callbackSecret: config.secrets.callback,
        issueSeconds: config.cardIssueSeconds,
        shippingStepSeconds: config.cardShippingStepSeconds,
      })
    : undefined;
  const issuer: IssuerProvider = measureParty(
    "issuer",
    providerHealth.watch("issuer", sandboxIssuer ?? unavailableIssuer()),
  );
  // What the parties carry: a feature whose party is a stand-in is unavailable (docs/status.md).
  const coverage = partyCoverage({ acquirer, bank, issuer, chainCurrencies });
  // Ordering a card and paying for it; the issued card's life is the cards module's.
  const cardOrders = createCardOrdersService({
    db: sql,
    merchants,
    catalog,
    customers,
    auth,
    ledger,
    wallets,
    history,
    quotes,
    issuer,
    ...(options.clock ? { now: options.clock } : {}),
  });
  const cards = createCardsService({
    db: sql,
    orders: cardOrders,
    issuer,
    secrets: cardSecrets,
    callbackSecret: config.secrets.callback,
    // Late-bound: card funding reads cards through this service, and the list shows its balances.
    cardBalances: (merchantId, customerId, cardIds) => cardFunding.cardSums(merchantId, customerId, cardIds),
    ...(options.clock ? { now: options.clock } : {}),
  });
  // Reveal, PIN, label and soft block: the issuer's controls behind the customer's cards.
  const cardSecurity = createCardSecurityService({
    db: sql,
    orders: cardOrders,
    customers,
    auth,
    codes,
    limits,
    controls: config.sandbox
      ? createSandboxIssuerControls({ db: sql, secrets: cardSecrets })
      : unavailableIssuerControls(),
    secrets: cardSecrets,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // A card's money: top-ups from crypto, spending reported by the issuer, the card's history.
  const cardFunding = createCardFundingService({
    db: sql,
    cards,
    customers,
    offers: quotes.kinds,
    auth,
    ledger,
    wallets,
    history,
    callbackSecret: config.secrets.callback,
    ...(options.clock ? { now: options.clock } : {}),
  });
  const sandboxSpending = config.sandbox
    ? createSandboxSpending({ db: sql, callbackSecret: config.secrets.callback })
    : undefined;
  const status = createStatusService({
    catalog,
    health: providerHealth,
    followers: crypto.followers,
    followedNetworks: followedNetworkNames(config),
    unavailable: coverage.unavailable,
  });
  // The back-office's operators and their audit trail (docs/backoffice.md).
  const audit = createAuditService({ repository: createAuditRepository({ db: sql }) });
  const operators = createOperatorsService({
    db: sql,
    repository: createOperatorsRepository({ db: sql }),
    audit,
    limits,
  });
  // Configuration edited in the back-office, versioned, live on every instance (docs/backoffice.md).
  const merchantConfig = createMerchantConfigService({
    db: sql,
    repository: createMerchantConfigRepository({ db: sql }),
    merchants,
    catalog,
    quotes,
    kyc,
    audit,
    blobs: measureParty("blobs", createBlobStore(config)),
  });
  // The HTTP app starts it (app.ts): one LISTEN connection per server process.
  const configListener = createConfigListener({
    connection: database.pool.options,
    onChange: merchantConfig.forgetMerchant,
    onReset: merchantConfig.forgetAll,
  });
  // Wallet corrections with four eyes, posted through the money frame (docs/backoffice.md).
  const adjustments = createAdjustmentsService({
    db: sql,
    ledger,
    wallets,
    history,
    customers,
    merchants,
    operators,
    audit,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // Payments pending past their expected time: each domain's own list, provider lookup and failure.
  const stuckPayments = createStuckPaymentsService({
    crypto,
    acquiring,
    iban,
    cardOrders,
    cards,
    customers,
    audit,
  });
  const backoffice = createBackofficeService({
    db: sql,
    customers,
    auth,
    kyc,
    ledger,
    history,
    cards,
    iban,
    deposits,
    audit,
    stuck: stuckPayments,
  });
  // Reports and reconciliation; the sandbox providers' books stand for the providers' statements.
  const reports = createReportsService({
    ledger,
    merchants,
    audit,
    books: config.sandbox
      ? {
          ACQUIRER: sandboxAcquirerBook(sql),
          BANK: sandboxBankBook(sql),
          CHAIN: sandboxChainBook(sql),
          ISSUER: sandboxIssuerBook(sql),
        }
      : {},
  });
  return {
    merchants,
    merchantConfig,
    configListener,
    catalog,
    location,
    customers,
    limits,
    auth,
    signup,
    captcha,
    sandbox,
    sandboxCredit,
    kyc,
    ledger,
    rates,
    wallets,
    send,
    claims,
    quotes,
    deposits,
    history,
    crypto,
    statements,
    status,
    sandboxChain,
    cardOrders,
    cards,
    cardSecurity,
    sandboxIssuer,
    cardFunding,
    sandboxSpending,
    acquiring,
    sandboxAcquirer,
    iban,
    sandboxBank,
    sandboxSupportChat,
    audit,
    operators,
    adjustments,
    backoffice,
    reports,
    stuckPayments,
    security,
  };
}

export type Services = ReturnType<typeof createServices>;
