import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 23 item 6: every status a route CAN send is in its contract, not only those some test
 * happens to meet (test-app.ts holds every answer of every API test against the contract; this
 * covers the rest). Derived per route from the code, with the TypeScript checker:
 *
 * - where errors come from: every `xErrors.create(code)` of a `defineErrors` set has its code's
 *   status (a code held in a variable counts as every code its type allows), and every
 *   `reply.status(n)`, `reply.code(n)` and `reply.redirect(url, n)` its `n`;
 * - what a route runs: its registration's arguments (schema, hooks, handler) and the hooks its
 *   plugin adds, then everything those call or pass on, through the checker's resolution of each
 *   call (`deps.services.auth.signIn` is the method in auth.service.ts). A call through an
 *   interface (a provider) reaches every object literal written as that interface;
 * - compared with the statuses of the route's response schemas in the generated OpenAPI document
 *   (packages/api-contract/openapi.json), matched by method and URL.
 *
 * It over-approximates: a status of an error caught and turned into another still counts, and a
 * function counts as run once it is called or passed anywhere on the route's path. 500 is never
 * in a contract (it is a bug, answered with nothing but the request id). What the framework
 * answers before a handler (400, 401, 413, 415) is contract-statuses.ts's business.
 */

const root = path.resolve(import.meta.dirname, "../../../..");
const serverSrc = path.join(root, "apps/server/src");

type Operation = { operationId: string; responses?: Record<string, unknown> };
type Contract = { paths: Record<string, Record<string, Operation>> };
const contract = JSON.parse(
  readFileSync(path.join(root, "packages/api-contract/openapi.json"), "utf8"),
) as Contract;

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);
type FunctionNode = ts.SignatureDeclaration & { body?: ts.Node };

function analyse() {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "apps/server/tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error("apps/server/tsconfig.json not readable");
  const rootNames = config.fileNames.filter(
    (f) => f.startsWith(serverSrc) && !/\.test\.ts$|test-|\/test-support\//.test(f),
  );
  const program = ts.createProgram({ rootNames, options: config.options });
  const checker = program.getTypeChecker();
  const sources = program
    .getSourceFiles()
    .filter((s) => s.fileName.startsWith(serverSrc) && !s.isDeclarationFile);
  const ours = (node: ts.Node) => node.getSourceFile().fileName.startsWith(serverSrc);

  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  const each = (node: ts.Node, visit: (n: ts.Node) => void) => {
    const walk = (n: ts.Node) => {
      visit(n);
      ts.forEachChild(n, walk);
    };
    walk(node);
  };

  // The closed sets of error codes: the symbol of each `defineErrors({...})`, with code → status.
  const errorSets = new Map<ts.Symbol, Map<string, number>>();
  for (const source of sources) {
    each(source, (n) => {
      if (!ts.isVariableDeclaration(n) || !n.initializer || !ts.isCallExpression(n.initializer)) return;
      const call = n.initializer;
      if (!ts.isIdentifier(call.expression) || call.expression.text !== "defineErrors") return;
      const specs = call.arguments[0];
      const symbol = symbolOf(n.name);
      if (!symbol || !specs || !ts.isObjectLiteralExpression(specs)) return;
      const codes = new Map<string, number>();
      for (const spec of specs.properties) {
        if (!ts.isPropertyAssignment(spec) || !ts.isObjectLiteralExpression(spec.initializer)) continue;
        const status = spec.initializer.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === "status",
        );
        if (status && ts.isNumericLiteral(status.initializer)) {
          codes.set(spec.name.getText().replace(/^"|"$/g, ""), Number(status.initializer.text));
        }
      }
      errorSets.set(symbol, codes);
    });
  }

  // Who implements an interface's members: object literals written as that type (providers).
  const implementations = new Map<string, FunctionNode[]>();
  for (const source of sources) {
    each(source, (n) => {
      if (!ts.isObjectLiteralExpression(n)) return;
      const type = checker.getContextualType(n);
      const types = type?.isUnion() ? type.types : type ? [type] : [];
      for (const t of types) {
        const name = (t.aliasSymbol ?? t.getSymbol())?.getName();
        if (!name || name === "__object") continue;
        for (const member of n.properties) {
          const fn = ts.isMethodDeclaration(member)
            ? member
            : ts.isPropertyAssignment(member) && ts.isFunctionLike(member.initializer)
              ? (member.initializer as FunctionNode)
              : undefined;
          if (!fn || !member.name) continue;
          const key = `${name}.${member.name.getText()}`;
          implementations.set(key, [...(implementations.get(key) ?? []), fn]);
        }
      }
    });
  }
  /** A member of an interface or type alias: `Name.member`, for its implementations. */
  const memberKey = (declaration: ts.Node): string | undefined => {
    let member: ts.Node | undefined = declaration;
    while (member && !ts.isPropertySignature(member) && !ts.isMethodSignature(member)) {
      if (ts.isSourceFile(member) || ts.isBlock(member)) return undefined;
      member = member.parent;
    }
    if (!member) return undefined;
    let container: ts.Node | undefined = member.parent;
    while (container && !ts.isInterfaceDeclaration(container) && !ts.isTypeAliasDeclaration(container)) {
      container = container.parent;
    }
    const name = (member as ts.PropertySignature).name.getText();
    return container ? `${(container as ts.InterfaceDeclaration).name.text}.${name}` : undefined;
  };

  /** The functions a call may run: its resolved declaration, or an interface member's implementations. */
  const targets = (call: ts.CallExpression | ts.NewExpression): ts.Node[] => {
    const declaration = checker.getResolvedSignature(call)?.getDeclaration();
    if (!declaration || !ours(declaration)) return [];
    if ((declaration as FunctionNode).body) return [declaration];
    const key = memberKey(declaration);
    return key ? (implementations.get(key) ?? []) : [];
  };

  const codesOf = (arg: ts.Expression | undefined, codes: Map<string, number>): number[] => {
    if (arg && ts.isStringLiteralLike(arg)) return [codes.get(arg.text) ?? 500];
    const type = arg ? checker.getTypeAtLocation(arg) : undefined;
    const literals = (type?.isUnion() ? type.types : type ? [type] : []).filter((t) => t.isStringLiteral());
    if (literals.length === 0) return [...codes.values()];
    return literals.map((t) => codes.get((t as ts.StringLiteralType).value) ?? 500);
  };

  // What a piece of code answers itself, and the functions it calls or passes on (memoized).
  const direct = new Map<ts.Node, { statuses: number[]; next: ts.Node[] }>();
  const directOf = (node: ts.Node) => {
    const known = direct.get(node);
    if (known) return known;
    const found = { statuses: [] as number[], next: [] as ts.Node[] };
    each(node, (n) => {
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
        const callee = n.expression;
        if (ts.isPropertyAccessExpression(callee)) {
          const method = callee.name.text;
          const set =
            method === "create" ? errorSets.get(symbolOf(callee.expression) as ts.Symbol) : undefined;
          if (set) found.statuses.push(...codesOf(n.arguments?.[0], set));
          const literal = method === "redirect" ? n.arguments?.[1] : n.arguments?.[0];
          if (
            ["status", "code", "redirect"].includes(method) &&
            literal &&
            ts.isNumericLiteral(literal) &&
            /^[1-5]\d\d$/.test(literal.text)
          ) {
            found.statuses.push(Number(literal.text));
          }
        }
        found.next.push(...targets(n));
      } else if (ts.isIdentifier(n) || ts.isPropertyAccessExpression(n)) {
        // A function passed on (a hook, a callback) runs too.
        if (ts.isCallExpression(n.parent) && n.parent.expression === n) return;
        for (const declaration of symbolOf(n)?.getDeclarations() ?? []) {
          if (!ours(declaration)) continue;
          const fn = ts.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
          if (fn && ts.isFunctionLike(fn) && (fn as FunctionNode).body) found.next.push(fn);
        }
      }
    });
    direct.set(node, found);
    return found;
  };
  /** Every status the code under `roots` may answer, through everything it reaches. */
  const statusesOf = (roots: ts.Node[]): Set<number> => {
    const statuses = new Set<number>();
    const seen = new Set<ts.Node>();
    const stack = [...roots];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (seen.has(node)) continue;
      seen.add(node);
      const { statuses: own, next } = directOf(node);
      for (const status of own) statuses.add(status);
      stack.push(...next);
    }
    return statuses;
  };

  /** The URLs a registration's first argument may be: exact, or a pattern for a template. */
  const urlsOf = (arg: ts.Expression): Array<string | RegExp> => {
    if (ts.isStringLiteralLike(arg)) return [arg.text];
    if (ts.isTemplateExpression(arg)) {
      const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const spans = arg.templateSpans.map((s) => `.+${literally(s.literal.text)}`).join("");
      return [new RegExp(`^${literally(arg.head.text)}${spans}$`)];
    }
    if (ts.isIdentifier(arg)) {
      const declaration = symbolOf(arg)?.getDeclarations()?.[0];
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        return urlsOf(declaration.initializer);
      }
      // `for (const [url, operationId] of [["/v2/wallets", ...], ...])`: the list's paths.
      const loop = declaration && ts.findAncestor(declaration, ts.isForOfStatement);
      if (loop) {
        const paths: string[] = [];
        each(loop.expression, (n) => {
          if (ts.isStringLiteralLike(n) && n.text.startsWith("/")) paths.push(n.text);
        });
        return paths;
      }
    }
    return [];
  };

  /** The calls of a function, found once through every call of the server's code. */
  let calls: Array<{ call: ts.CallExpression; targets: ts.Node[] }> | undefined;
  const callsOf = (fn: ts.Node) => {
    calls ??= sources.flatMap((source) => {
      const found: Array<{ call: ts.CallExpression; targets: ts.Node[] }> = [];
      each(source, (n) => {
        if (ts.isCallExpression(n)) found.push({ call: n, targets: targets(n) });
      });
      return found;
    });
    return calls.filter((c) => c.targets.includes(fn)).map((c) => c.call);
  };

  // Every route registration (`app.get(url, options, handler)` on a Fastify instance).
  const routes: Array<{
    method: string;
    urls: Array<string | RegExp>;
    where: string;
    statuses: Set<number>;
  }> = [];
  for (const source of sources) {
    each(source, (n) => {
      if (!ts.isCallExpression(n) || !ts.isPropertyAccessExpression(n.expression)) return;
      const method = n.expression.name.text;
      if (!METHODS.has(method) || n.arguments.length < 2) return;
      const on = checker.typeToString(checker.getTypeAtLocation(n.expression.expression));
      if (!on.startsWith("Fastify")) return;
      const runs: ts.Node[] = [...n.arguments];
      // Hooks the routes' plugin adds run before each of its routes.
      const plugin = ts.findAncestor(n.parent, ts.isFunctionLike);
      if (plugin) {
        each(plugin, (h) => {
          if (ts.isCallExpression(h) && ts.isPropertyAccessExpression(h.expression)) {
            if (h.expression.name.text === "addHook") runs.push(h);
          }
        });
      }
      const url = n.arguments[0] as ts.Expression;
      const where = `${path.relative(serverSrc, source.fileName)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
      // A helper that registers for its callers (registerSignedWebhook(app, { path, ... })): each
      // call is a route of its own, with the call's path and what the call hands over.
      const parameter =
        ts.isPropertyAccessExpression(url) && ts.isIdentifier(url.expression)
          ? symbolOf(url.expression)?.getDeclarations()?.find(ts.isParameter)
          : undefined;
      if (parameter && url && ts.isPropertyAccessExpression(url)) {
        const helper = parameter.parent;
        const index = helper.parameters.indexOf(parameter);
        for (const call of callsOf(helper)) {
          const given = call.arguments[index];
          const property =
            given && ts.isObjectLiteralExpression(given)
              ? given.properties.find(
                  (p): p is ts.PropertyAssignment =>
                    ts.isPropertyAssignment(p) && p.name.getText() === url.name.text,
                )
              : undefined;
          routes.push({
            method,
            urls: property ? urlsOf(property.initializer) : [],
            where: `${path.relative(serverSrc, call.getSourceFile().fileName)}:${call.getSourceFile().getLineAndCharacterOfPosition(call.getStart()).line + 1}`,
            statuses: statusesOf([...runs, call]),
          });
        }
        return;
      }
      routes.push({ method, urls: urlsOf(url), where, statuses: statusesOf(runs) });
    });
  }
  return routes;
}

/**
 * Statuses the derivation reaches that the route cannot answer, each with the reason the
 * over-approximation is wrong there. An entry the derivation no longer reaches fails the test.
 */
const UNREACHABLE: Record<string, { statuses: number[]; why: string }> = {
  ...Object.fromEntries(
    ["GET /v2/wallets", "GET /v3/wallets", "POST /v2/wallets"].map((op) => [
      op,
      {
        statuses: [404, 409, 422],
        why: "ledger.write turns the write path's refusals into errors; opening an account raises none",
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      "PUT /v1/mobile/exchange/offer/{offerId}",
      "POST /v3/payin/pay/{offerId}",
      "POST /v4/payout/pay/{offerId}",
    ].map((op) => [
      op,
      {
        statuses: [429],
        why: "the money frame calls its use-case's prepare through the MoneyUseCase type, so the derivation reaches every use-case's prepare (a send's SMS code: 429); this route's own prepares rate-limit nothing",
      },
    ]),
  ),
  "GET /oauth/token": {
    statuses: [404],
    why: "authentication found the token's session live, so its customer exists (customers are never deleted)",
  },
  "POST /sandbox/kyc/decide": { statuses: [401], why: "the control signs its own decision" },
  "POST /sandbox/issuer/advance": {
    statuses: [401],
    why: "the sandbox issuer signs its own event, and deliver answers a refusal as a status",
  },
  ...Object.fromEntries(
    ["POST /sandbox/issuer/purchase", "POST /sandbox/issuer/transactions/{transactionId}/{action}"].map(
      (op) => [
        op,
        {
          statuses: [401, 409, 422],
          why: "deliver hands the card-event handler's refusals back as a status value, never throws them",
        },
      ],
    ),
  ),
};

/** Gaps known and not yet documented: none now. An entry that is no gap any more fails the test. */
const KNOWN_GAPS: Record<string, number[]> = {};

describe("the contract names every status a route can send", () => {
  it("every error and explicit status a route's code can reach is in its response schemas", () => {
    const routes = analyse();
    const missing: string[] = [];
    const unplaced: string[] = [];
    const reached = new Map<string, Set<number>>();
    for (const [openApiPath, operations] of Object.entries(contract.paths)) {
      const url = openApiPath.replace(/\{(\w+)\}/g, ":$1");
      for (const [method, operation] of Object.entries(operations)) {
        const candidates = routes.filter((r) => r.method === method);
        const exact = candidates.filter((r) => r.urls.includes(url));
        const matched = exact.length
          ? exact
          : candidates.filter((r) => r.urls.some((u) => u instanceof RegExp && u.test(url)));
        if (matched.length === 0) {
          unplaced.push(`${method.toUpperCase()} ${openApiPath}`);
          continue;
        }
        const name = `${method.toUpperCase()} ${openApiPath}`;
        const can = new Set(matched.flatMap((r) => [...r.statuses]));
        reached.set(name, can);
        const documented = new Set(Object.keys(operation.responses ?? {}));
        const excused = new Set([...(UNREACHABLE[name]?.statuses ?? []), ...(KNOWN_GAPS[name] ?? [])]);
        const undocumented = [...can]
          .filter((s) => s !== 500 && !documented.has(String(s)) && !excused.has(s))
          .sort();
        if (undocumented.length > 0)
          missing.push(`${name} (${matched[0]?.where}): ${undocumented.join(", ")}`);
        const stillGaps = (KNOWN_GAPS[name] ?? []).filter((s) => !documented.has(String(s)));
        if (stillGaps.length !== (KNOWN_GAPS[name] ?? []).length)
          missing.push(`${name}: KNOWN_GAPS entry is stale`);
      }
    }
    expect(unplaced).toEqual([]);
    expect(missing).toEqual([]);
    // Every excuse still stands for something the derivation reaches.
    const stale = Object.entries(UNREACHABLE)
      .filter(([name, { statuses }]) => !statuses.every((s) => reached.get(name)?.has(s)))
      .map(([name]) => name);
    expect(stale).toEqual([]);
    // The derivation sees through services, hooks and helpers: the sign-in's lock (429), its new
    // device step (403) and its wrong password (401); the console's redirect; a provider's 503.
    expect([...(reached.get("POST /oauth/token") ?? [])]).toEqual(expect.arrayContaining([401, 403, 429]));
    expect([...(reached.get("POST /sandbox/kyc/decide") ?? [])]).toContain(303);
    expect([...(reached.get("POST /v5/kyc/submit") ?? [])]).toContain(503);
  }, 120_000);
});
