// The scripts' command-line options for node:util's parseArgs, declared by name: `--name value`
// options and `--name` flags.

/** `--name value` options: their values are strings (undefined when not given). */
export function valueOptions<N extends string>(...names: N[]): Record<N, { type: "string" }> {
  return Object.fromEntries(names.map((name) => [name, { type: "string" }])) as Record<N, { type: "string" }>;
}

/** `--name` flags: true when given. */
export function flagOptions<N extends string>(...names: N[]): Record<N, { type: "boolean" }> {
  return Object.fromEntries(names.map((name) => [name, { type: "boolean" }])) as Record<N, { type: "boolean" }>;
}
