// Child processes in Node tests (the server, `npm run chain`, the command-line tools): started,
// awaited and stopped with wait.ts's deadlines, so a slow start on a loaded machine is waited for and
// a hang fails naming the process and showing its output.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { GiveUp, STARTUP_MS, waitFor } from "./wait.ts";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Started {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they came. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the process has exited (its code, or the signal that ended it). */
  exited: Promise<Exit>;
  /** Its exit once it has exited, else null. */
  exit: () => Exit | null;
}

/** Spawns `command` with piped output, recorded for the waits below and for failure messages. */
export function startProcess(command: string, args: string[], options: Omit<SpawnOptions, "stdio"> = {}): Started {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let stdout = "";
  let stderr = "";
  let exit: Exit | null = null;
  child.stdout!.on("data", (chunk: Buffer) => void ((output += chunk.toString("utf8")), (stdout += chunk.toString("utf8"))));
  child.stderr!.on("data", (chunk: Buffer) => void ((output += chunk.toString("utf8")), (stderr += chunk.toString("utf8"))));
  // "close", not "exit": the output is complete by then.
  const exited = new Promise<Exit>((resolve) => {
    child.once("error", (error) => {
      output += `${error.message}\n`;
      resolve((exit = { code: null, signal: null }));
    });
    child.once("close", (code, signal) => resolve((exit = { code, signal })));
  });
  return { child, output: () => output, stdout: () => stdout, stderr: () => stderr, exited, exit: () => exit };
}

/** `what` and the process's output so far, for a failure message. */
const withOutput = (proc: Started) => () => `its output so far:\n${proc.output()}`;

/**
 * Waits until the process's output matches `pattern` (a banner saying it listens), and resolves with
 * the match. Fails at once when the process exits first, and past the start-up deadline.
 */
export async function waitForOutput(proc: Started, what: string, pattern: RegExp, idleMs = STARTUP_MS): Promise<RegExpExecArray> {
  return waitFor(
    what,
    () => {
      const found = pattern.exec(proc.output());
      if (found) return found;
      const exit = proc.exit();
      if (exit) throw new GiveUp(`${what}: the process exited (${exit.code ?? exit.signal}) first:\n${proc.output()}`);
      return null;
    },
    { idleMs, everyMs: 50, detail: withOutput(proc) },
  );
}

/** Waits until `url` answers 200 (a server's health or readiness), failing at once when the process exits first. */
export async function waitForAnswer(proc: Started, what: string, url: string, idleMs = STARTUP_MS): Promise<void> {
  await waitFor(
    what,
    async () => {
      const exit = proc.exit();
      if (exit) throw new GiveUp(`${what}: the process exited (${exit.code ?? exit.signal}) first:\n${proc.output()}`);
      return (await fetch(url).catch(() => null))?.status === 200;
    },
    { idleMs, everyMs: 100, detail: withOutput(proc) },
  );
}

/**
 * Waits until the process has exited. Past the deadline it is killed (SIGKILL) and the wait fails
 * with its output: never a signal's exit code for the test to puzzle over.
 */
export async function waitForExit(proc: Started, what: string, idleMs = STARTUP_MS): Promise<Exit> {
  try {
    return await waitFor(what, proc.exit, { idleMs, everyMs: 50, detail: withOutput(proc) });
  } catch (error) {
    proc.child.kill("SIGKILL");
    throw error;
  }
}

export interface Run extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (as spawnSync, without blocking the test's thread), within the start-up deadline. */
export async function runProcess(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, "stdio"> = {},
  idleMs = STARTUP_MS,
): Promise<Run> {
  const proc = startProcess(command, args, options);
  const exit = await waitForExit(proc, `\`${[command, ...args].join(" ")}\` to exit`, idleMs);
  return { ...exit, stdout: proc.stdout(), stderr: proc.stderr() };
}

/** Sends `signal` unless it has exited, and waits for the exit (SIGKILL past the deadline). */
export async function stopProcess(proc: Started, signal: NodeJS.Signals = "SIGTERM", what = "the process to stop"): Promise<Exit> {
  if (!proc.exit()) proc.child.kill(signal);
  return waitForExit(proc, what);
}
