// The default screening provider: the list files SCREENING_LISTS names (CSV with a header row, or a
// JSON array), each row an address, its list's name, and optionally the entry's id and reason. Read
// whole at start (a missing or malformed file stops the start, naming SCREENING_LISTS) and again on
// each reload(); a reload that finds a file unreadable or malformed keeps the lists as they were.
// The version is a hash of every file's content: the same files give the same version on every instance.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import Papa from "papaparse";
import { ConfigError } from "../config.ts";
import type { ScreeningEntry, ScreeningLists, ScreeningPort } from "../services/ports.ts";

/** How a column may be headed, lower-cased with spaces, dashes and underscores removed. */
const COLUMNS: Record<keyof ScreeningEntry, readonly string[]> = {
  address: ["address", "wallet", "digitalcurrencyaddress"],
  list: ["list", "listname", "source"],
  entryId: ["entryid", "entry", "id", "uid"],
  reason: ["reason", "name", "remarks"],
};

const headerKey = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, "");

class ListFileError extends Error {}

/** One row as read (a CSV record or a JSON object) into an entry; `where` names it in an error. */
function entryOf(row: Record<string, unknown>, where: string): ScreeningEntry {
  const byKey = new Map(Object.entries(row).map(([key, value]) => [headerKey(key), value]));
  const field = (name: keyof ScreeningEntry): string | null => {
    for (const key of COLUMNS[name]) {
      const value = byKey.get(key);
      if (value !== undefined && value !== null && String(value).trim() !== "") return String(value).trim();
    }
    return null;
  };
  const address = field("address");
  const list = field("list");
  if (!address) throw new ListFileError(`${where} has no address`);
  if (!list) throw new ListFileError(`${where} has no list name`);
  return { address, list, entryId: field("entryId"), reason: field("reason") };
}

function parseFile(path: string, text: string): ScreeningEntry[] {
  const name = basename(path);
  if (/^\s*[[{]/.test(text)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ListFileError(`${name} is not valid JSON (${(error as Error).message})`);
    }
    const rows = Array.isArray(parsed) ? parsed : (parsed as { entries?: unknown }).entries;
    if (!Array.isArray(rows)) throw new ListFileError(`${name} is neither a JSON array of entries nor { "entries": [...] }`);
    return rows.map((row, index) => {
      if (typeof row !== "object" || row === null) throw new ListFileError(`${name} entry ${index + 1} is not an object`);
      return entryOf(row as Record<string, unknown>, `${name} entry ${index + 1}`);
    });
  }
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy" });
  const fatal = parsed.errors.find((error) => error.type !== "Delimiter");
  if (fatal) throw new ListFileError(`${name} line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  // Line 1 is the header.
  return parsed.data.map((row, index) => entryOf(row, `${name} line ${index + 2}`));
}

interface Loaded {
  lists: ScreeningLists;
  byAddress: Map<string, ScreeningEntry[]>;
}

function load(paths: readonly string[], loadedAt: string): Loaded {
  const hash = createHash("sha256");
  const byAddress = new Map<string, ScreeningEntry[]>();
  const names = new Set<string>();
  let entries = 0;
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new ListFileError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    hash.update(createHash("sha256").update(text).digest("hex"));
    for (const entry of parseFile(path, text)) {
      names.add(entry.list);
      entries += 1;
      const known = byAddress.get(entry.address);
      if (known) known.push(entry);
      else byAddress.set(entry.address, [entry]);
    }
  }
  return { lists: { names: [...names].sort(), version: hash.digest("hex"), loadedAt, entries }, byAddress };
}

export interface FileScreening extends ScreeningPort {
  /**
   * Reads the files again. True when their content changed (the lists in force are the new ones);
   * false when unchanged. Throws, keeping the lists as they were, when a file is unreadable or malformed.
   */
  reload(): boolean;
}

/** The lists of SCREENING_LISTS, loaded now; a file that cannot be read or parsed is a ConfigError. */
export function fileScreening(paths: readonly string[], now: () => number): FileScreening {
  let loaded: Loaded;
  try {
    loaded = load(paths, new Date(now()).toISOString());
  } catch (error) {
    if (error instanceof ListFileError) throw new ConfigError("SCREENING_LISTS", error.message);
    throw error;
  }
  return {
    current: () => loaded.lists,
    async screen(addresses) {
      const found = new Map<string, readonly ScreeningEntry[]>();
      for (const address of addresses) {
        const entries = loaded.byAddress.get(address);
        if (entries) found.set(address, entries);
      }
      return found;
    },
    reload() {
      const next = load(paths, new Date(now()).toISOString());
      if (next.lists.version === loaded.lists.version) return false;
      loaded = next;
      return true;
    },
  };
}
