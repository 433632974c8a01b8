// The file screening provider (SCREENING_LISTS): CSV with its header variants and JSON in both shapes,
// one version for the same content, a changed file read again as a new version, a bad file refused
// at start naming SCREENING_LISTS and kept out at a reload; and the settings' parsing.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../../server/config.ts";
import { fileScreening } from "../../../server/screening/file-lists.ts";

let dir: string;
const now = () => Date.parse("2026-11-28T12:00:00.000Z");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mkt-lists-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("fileScreening", () => {
  it("reads CSV (headers in any case and spelling) and JSON (an array, or { entries }), and screens by exact address", async () => {
    const csv = file("ofac.csv", 'Digital Currency Address,List Name,Entry_ID,Remarks\nAddrOne,OFAC SDN,SDN-1,"Mixer, operator"\n\n');
    const json = file("eu.json", JSON.stringify({ entries: [{ address: "AddrTwo", list: "EU", id: "EU-2" }] }));
    const plain = file("un.json", JSON.stringify([{ wallet: "AddrOne", source: "UN" }]));
    const lists = fileScreening([csv, json, plain], now);
    expect(lists.current()).toMatchObject({ names: ["EU", "OFAC SDN", "UN"], entries: 3, loadedAt: "2026-11-28T12:00:00.000Z" });
    const found = await lists.screen(["AddrOne", "addrone", "AddrTwo", "Other"]);
    expect(Object.fromEntries(found)).toEqual({
      AddrOne: [
        { address: "AddrOne", list: "OFAC SDN", entryId: "SDN-1", reason: "Mixer, operator" },
        { address: "AddrOne", list: "UN", entryId: null, reason: null },
      ],
      AddrTwo: [{ address: "AddrTwo", list: "EU", entryId: "EU-2", reason: null }],
    });
  });

  it("versions the lists by their content: the same files, the same version; a change, a new one", () => {
    const path = file("list.csv", "address,list\nA,L\n");
    const first = fileScreening([path], now);
    const second = fileScreening([path], now);
    expect(second.current().version).toBe(first.current().version);
    expect(first.reload()).toBe(false);
    writeFileSync(path, "address,list\nA,L\nB,L\n");
    expect(first.reload()).toBe(true);
    expect(first.current()).toMatchObject({ entries: 2 });
    expect(first.current().version).not.toBe(second.current().version);
  });

  it("refuses at start a file that is missing or has a row without an address, naming SCREENING_LISTS and the line", () => {
    expect(() => fileScreening([join(dir, "none.csv")], now)).toThrow(ConfigError);
    expect(() => fileScreening([join(dir, "none.csv")], now)).toThrow(/^SCREENING_LISTS: cannot read .*none\.csv \(ENOENT\)/);
    const bad = file("bad.csv", "address,list\nA,L\n,L\n");
    expect(() => fileScreening([bad], now)).toThrow(/^SCREENING_LISTS: bad\.csv line 3 has no address$/);
    const noList = file("bad.json", JSON.stringify([{ address: "A" }]));
    expect(() => fileScreening([noList], now)).toThrow(/bad\.json entry 1 has no list name/);
  });

  it("keeps the lists as they were when a reload finds a file malformed", async () => {
    const path = file("list.json", JSON.stringify([{ address: "A", list: "L" }]));
    const lists = fileScreening([path], now);
    const before = lists.current();
    writeFileSync(path, '[{"address": "A", "li');
    expect(() => lists.reload()).toThrow(/list\.json is not valid JSON/);
    expect(lists.current()).toBe(before);
    expect((await lists.screen(["A"])).size).toBe(1);
  });
});

describe("screening settings", () => {
  it("resolves SCREENING_LISTS' paths, defaults to nothing screened, and names a bad number's variable", () => {
    const env = { ADMIN_WALLETS: "" };
    expect(parseConfig(env, dir).screening).toEqual({ lists: [], pollMs: 10_000, rescreenDays: 90 });
    const set = parseConfig(
      { ...env, SCREENING_LISTS: " a.csv , /abs/b.json,a.csv", SCREENING_POLL_SECONDS: "0.5", SCREENING_RESCREEN_DAYS: "0" },
      dir,
    );
    expect(set.screening).toEqual({ lists: [join(dir, "a.csv"), "/abs/b.json"], pollMs: 500, rescreenDays: 0 });
    expect(() => parseConfig({ ...env, SCREENING_POLL_SECONDS: "0" }, dir)).toThrow(/^SCREENING_POLL_SECONDS: /);
    expect(() => parseConfig({ ...env, SCREENING_RESCREEN_DAYS: "-1" }, dir)).toThrow(/^SCREENING_RESCREEN_DAYS: /);
  });
});
