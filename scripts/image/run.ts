import { spawn } from "node:child_process";

export type Ran = { code: number | null; output: string };

/**
 * Runs a command to its end, its output kept (and streamed with `echo`). Fails with the
 * output's tail unless it exits 0, or `check: false`.
 */
export function run(
  command: string,
  args: string[],
  options: { check?: boolean; echo?: (line: string) => void; cwd?: string } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let partial = "";
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (!options.echo) return;
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) options.echo(line);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.once("error", reject);
    child.once("close", (code) => {
      if (partial && options.echo) options.echo(partial);
      if (code !== 0 && options.check !== false) {
        reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output.slice(-3000)}`));
      } else resolve({ code, output });
    });
  });
}
