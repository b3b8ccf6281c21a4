import { existsSync } from "node:fs";
import path from "node:path";
import { run } from "./run.ts";

type Service = {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
};

/**
 * compose.yaml read by a YAML parser (python3's, with the `<<` merges compose files use) and
 * checked for what `docker compose` / `podman compose` need of it: the three services, the API
 * and the worker from this image (the worker's command a file that exists), production with
 * its secrets required, and a start order on health. Answers the problems found (none: fine).
 */
export async function checkCompose(root: string): Promise<string[]> {
  const file = path.join(root, "compose.yaml");
  const parsed = await run("python3", [
    "-c",
    "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
    file,
  ]);
  const compose = JSON.parse(parsed.output) as { services?: Record<string, Service> };
  const services = compose.services ?? {};
  const problems: string[] = [];
  const expect = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  expect(
    JSON.stringify(Object.keys(services).sort()) === JSON.stringify(["api", "postgres", "worker"]),
    `services are ${Object.keys(services).join(", ")}, not api, worker and postgres`,
  );
  const { api, worker, postgres } = services;
  for (const [name, s] of [
    ["api", api],
    ["worker", worker],
  ] as const) {
    expect(/^\$\{KESTREL_IMAGE:-[^}]+\}$/.test(s?.image ?? ""), `${name}: image is ${s?.image}`);
    expect(
      s?.build?.dockerfile === "Containerfile" && s.build.context === ".",
      `${name}: not built from ./Containerfile`,
    );
    const env = s?.environment ?? {};
    expect(env.NODE_ENV === "production", `${name}: NODE_ENV is not production`);
    for (const secret of ["JWT_SECRET", "CALLBACK_SECRET", "CARD_DATA_KEYS"]) {
      // ${NAME:?message}: compose refuses to start without it, instead of a default.
      expect(
        new RegExp(`^\\$\\{${secret}:\\?[^}]+\\}$`).test(env[secret] ?? ""),
        `${name}: ${secret} is not required`,
      );
    }
    expect(
      /^postgres:\/\/[^@]+@postgres:5432\/\w+$/.test(env.DATABASE_URL ?? ""),
      `${name}: DATABASE_URL does not name the postgres service`,
    );
  }
  expect(api?.command === undefined, "api: runs a command of its own, not the image's");
  expect(api?.environment?.WORKER === "false", "api: WORKER is not false (the worker is its own service)");
  expect(
    api?.depends_on?.postgres?.condition === "service_healthy",
    "api: does not wait for a healthy postgres",
  );
  expect(
    (api?.ports ?? []).some((p) => p.endsWith(":3000")),
    "api: port 3000 is not published",
  );
  const workerCommand = worker?.command ?? [];
  expect(
    workerCommand[0] === "node" && existsSync(path.join(root, workerCommand[1] ?? "-")),
    `worker: command ${workerCommand.join(" ")} does not run a file of the repository`,
  );
  expect(worker?.healthcheck?.disable === true, "worker: keeps the API's HEALTHCHECK (it serves no HTTP)");
  expect(
    worker?.depends_on?.api?.condition === "service_healthy",
    "worker: starts before the API's migrations",
  );
  expect(
    Boolean(postgres?.image) && Boolean(postgres?.healthcheck?.test),
    "postgres: no image or no healthcheck",
  );
  return problems;
}
