import { existsSync } from "node:fs";
import { BASE_IMAGE } from "./base.ts";
import { run } from "./run.ts";

/**
 * Builds the Containerfile as these machines can: buildah with chroot isolation (no container
 * runtime needed), every layer kept so an unchanged step is reused next time, the docker format
 * (an OCI image config has no HEALTHCHECK). A network that inspects TLS (its CA in the host's
 * bundle) is trusted by npm inside the build through the host's bundle, mounted for RUN steps.
 */
export async function buildImage(root: string, tag: string, log: (line: string) => void): Promise<void> {
  const hostBundle = "/etc/ssl/certs/ca-certificates.crt";
  const trust = existsSync(hostBundle)
    ? ["--volume", `${hostBundle}:/run/host-ca.crt:ro`, "--build-arg", "NPM_CAFILE=/run/host-ca.crt"]
    : [];
  await run(
    "buildah",
    [
      "build",
      "--isolation",
      "chroot",
      "--layers",
      // The build stage and the production dependencies' stage at once (both mostly wait on npm).
      "--jobs",
      "2",
      "--format",
      "docker",
      "--build-arg",
      `BASE=${BASE_IMAGE}`,
      ...trust,
      "--file",
      "Containerfile",
      "--tag",
      tag,
      ".",
    ],
    {
      cwd: root,
      echo: (line) => (/^\[\d+\/\d+\] STEP|^COMMIT|^Error|ERR!/.test(line) ? log(line) : undefined),
    },
  );
}
