// The CSV export of a list, in the real app against the fake API: every page read at the API's
// largest page size with the table's filters and sort, the file written as the screen reads plus the
// raw values, formulas defused, and Cancel / a failed page / Retry handled without a half file.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { parse } from "papaparse";
import type { Order, Token, User } from "@contract";
import { exportTable, type ExportColumn } from "@/components/list/export/columns";
import { exportFileName, toCsv } from "@/components/list/export/csv";
import { fetchRemaining, startPaging } from "@/components/list/export/fetch-all";
import { compileFirst, deferred, renderApp, signedInApi, PHONE } from "../app/support";
import type { Answer, FakeApi, SeenRequest } from "../support/fake-api";
import { carol, dave } from "../resources/users/support";
import { page as tokenPage, USDC, BONK, RAY } from "../resources/tokens/fixtures";

compileFirst(
  () => import("@/resources/users/list"),
  () => import("@/resources/tokens/list"),
  () => import("@/resources/orders/list"),
  () => import("papaparse"),
);

const USERS_HEADER = ["User", "User ID", "Email", "Public Key", "Public Key (full)", "Status", "Verified", "Active"];

function member(i: number, overrides: Partial<User> = {}): User {
  return {
    id: `m-${i}`,
    publicKey: `Key${String(i).padStart(3, "0")}bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb`,
    displayName: `Member ${i}`,
    contactInfo: `member${i}@example.com`,
    avatarUrl: null,
    role: i % 2 ? "ADMIN" : "USER",
    verified: false,
    disabled: false,
    status: "active",
    ...overrides,
  };
}

const members = (count: number) => Array.from({ length: count }, (_, i) => member(i));

interface PagingApi {
  /** The largest `limit` the fake answers in full; above it, it serves this many (a clamping API). */
  cap?: number;
  /** Answer 400 to a `limit` above this (an API that refuses it). */
  refuseAbove?: number;
  /** Called for each page request; an answer replaces the page (a failure, a held response). */
  intercept?: (request: SeenRequest) => Answer | Promise<Answer> | undefined;
}

/** GET `path` paging `rows` like the API: the role filter, then `limit` rows of page `page`. */
function servePages<Row extends object>(api: FakeApi, path: string, rows: Row[], options: PagingApi = {}) {
  api.get(path, async (request) => {
    const held = await options.intercept?.(request);
    if (held) return held;
    const asked = Number(request.query.limit ?? 20);
    if (options.refuseAbove !== undefined && asked > options.refuseAbove)
      return [400, { message: "Limit must be a whole number from 1 to 20" }];
    const limit = Math.min(asked, options.cap ?? 100);
    const page = Number(request.query.page ?? 1);
    const matching = rows.filter((row) => request.query.role === undefined || ("role" in row && row.role === request.query.role));
    const items = matching.slice((page - 1) * limit, page * limit);
    return [200, { data: { items, total: matching.length, page, limit, totalPages: Math.ceil(matching.length / limit) } }];
  });
}

function openUsers(rows: User[], options: PagingApi = {}, path = "/users") {
  const api = signedInApi();
  servePages(api, "/users", rows, options);
  renderApp(path);
  return api;
}

interface Saved {
  fileName: string;
  bytes: Uint8Array;
  text: string;
  rows: string[][];
}

/** Every file the page saves: the blob handed to URL.createObjectURL and the name its link downloads as. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: Promise<Saved>[] = [];
  const create = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob: Blob | MediaSource) => {
    const url = create(blob);
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) return;
    const fileName = this.download;
    saved.push(
      blob.arrayBuffer().then((buffer) => {
        const bytes = new Uint8Array(buffer);
        const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
        const rows = parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
        return { fileName, bytes, text, rows };
      }),
    );
  });
  return {
    count: () => saved.length,
    async only(): Promise<Saved> {
      await waitFor(() => expect(saved).toHaveLength(1));
      return saved[0];
    },
  };
}

const exportButton = () => screen.findByRole("button", { name: "Export CSV" });
const pageQueries = (api: FakeApi, path = "/users") => api.requests("GET", path).map((request) => request.query);
/** The export's requests: the table asks for 20 rows a page, the export for more (or, after a refusal, the rest). */
const exportQueries = (api: FakeApi, path = "/users", skip = 1) => pageQueries(api, path).slice(skip);

async function startExport(user = userEvent.setup()) {
  await screen.findByText("Member 0");
  await user.click(await exportButton());
  return user;
}

describe("CSV export of a list", () => {
  it("reads every page at limit 100 with the table's filter on each, and saves one line per row", async () => {
    const downloads = captureDownloads();
    const rows = members(250);
    const api = openUsers(
      rows,
      {},
      "/users?currentPage=1&pageSize=20&filters[0][field]=role&filters[0][operator]=eq&filters[0][value]=USER",
    );
    await startExport();

    const file = await downloads.only();
    expect(exportQueries(api)).toEqual([
      { page: "1", limit: "100", role: "USER" },
      { page: "2", limit: "100", role: "USER" },
    ]);
    const users = rows.filter((row) => row.role === "USER");
    expect(users).toHaveLength(125);
    expect(file.rows[0]).toEqual(USERS_HEADER);
    expect(file.rows.slice(1).map((row) => row[1])).toEqual(users.map((row) => row.id));
    expect(file.fileName).toBe(exportFileName("users"));
    expect(file.fileName).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    // The UTF-8 byte order mark, so spreadsheet apps read accents.
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(`125 rows saved to ${file.fileName}`)).toBeInTheDocument();
  });

  it.each([
    [
      "pages 45 users in 3 pages of an API that serves 20 at most, and writes all 45",
      { cap: 20 },
      [
        { page: "1", limit: "100" },
        { page: "2", limit: "20" },
        { page: "3", limit: "20" },
      ],
    ],
    [
      "asks again at the list page size (20) when the API refuses 100",
      { refuseAbove: 20 },
      [
        { page: "1", limit: "100" },
        { page: "1", limit: "20" },
        { page: "2", limit: "20" },
        { page: "3", limit: "20" },
      ],
    ],
  ])("%s", async (_title, serving, queries) => {
    const downloads = captureDownloads();
    const rows = members(45);
    const api = openUsers(rows, serving);
    await startExport();

    const file = await downloads.only();
    expect(exportQueries(api)).toEqual(queries);
    expect(file.rows).toHaveLength(46);
    expect(file.rows.slice(1).map((row) => row[1])).toEqual(rows.map((row) => row.id));
    expect(screen.queryByText("A page could not be read")).not.toBeInTheDocument();
  });

  it("writes each value as the screen shows it, with the full key and the id beside it", async () => {
    const downloads = captureDownloads();
    const disabled = { ...carol, id: "u-e", displayName: "Élodie Ñúñez", disabled: true, status: " " };
    openUsers([member(0), carol, dave, disabled]);
    await startExport();

    const { rows, text } = await downloads.only();
    expect(rows.slice(2)).toEqual([
      ["Carol Diaz", carol.id, "carol@example.com", "7Np41oeY...", carol.publicKey, "active", "Verified", "Active"],
      ["No Name", dave.id, "No Email", "5Q544fKr...", dave.publicKey, "pending_verification", "Not verified", "Active"],
      ["Élodie Ñúñez", "u-e", "carol@example.com", "7Np41oeY...", carol.publicKey, "Unknown", "Verified", "Disabled"],
    ]);
    // RFC 4180 line ends.
    expect(text.split("\r\n")).toHaveLength(5);
  });

  it("defuses cells a spreadsheet would run as formulas, and quotes commas, quotes and line breaks", async () => {
    const downloads = captureDownloads();
    openUsers([
      member(0),
      member(1, { displayName: '=HYPERLINK("http://evil.example","click")' }),
      member(2, { displayName: "+1+2", contactInfo: "@SUM(A1)" }),
      member(3, { displayName: "-2\n=cmd|' /C calc'!A0" }),
      member(4, { displayName: 'Smith, "Jo"' }),
      member(5, { displayName: "Bob;=1+1;x", contactInfo: "x;-1+1" }),
    ]);
    await startExport();

    const { rows, text } = await downloads.only();
    expect(rows.slice(2).map((row) => [row[0], row[2], row[5]])).toEqual([
      ['\'=HYPERLINK("http://evil.example","click")', "member1@example.com", "active"],
      ["'+1+2", "'@SUM(A1)", "active"],
      ["'-2\n'=cmd|' /C calc'!A0", "member3@example.com", "active"],
      ['Smith, "Jo"', "member4@example.com", "active"],
      ["Bob;'=1+1;x", "x;'-1+1", "active"],
    ]);
    expect(text).toContain('"Smith, ""Jo"""');
  });

  it("Cancel stops the paging, aborts the page in flight and saves nothing", async () => {
    const downloads = captureDownloads();
    const second = deferred<Answer>();
    const api = openUsers(members(250), {
      intercept: (request) => (request.query.page === "2" && request.query.limit === "100" ? second.promise : undefined),
    });
    const user = await startExport();

    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("Read 100 of 250 rows");
    expect(within(dialog).getByRole("progressbar", { name: "Export of users" })).toHaveAttribute("aria-valuenow", "40");
    await waitFor(() => expect(exportQueries(api)).toHaveLength(2));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    second.resolve([200, { data: { items: members(250).slice(100, 200), total: 250, page: 2, limit: 100, totalPages: 3 } }]);
    await api.settled();
    expect(exportQueries(api)).toHaveLength(2);
    expect(downloads.count()).toBe(0);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  });

  it("a failed page shows the server's words with Retry, which goes on from that page", async () => {
    const downloads = captureDownloads();
    let failures = 1;
    const rows = members(250);
    const api = openUsers(rows, {
      intercept: (request) =>
        request.query.page === "2" && request.query.limit === "100" && failures-- > 0
          ? [500, { message: "Database unavailable" }]
          : undefined,
    });
    const user = await startExport();

    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("A page could not be read")).toBeInTheDocument();
    expect(within(dialog).getByText("Database unavailable")).toBeInTheDocument();
    expect(within(dialog).getByText("Read 100 of 250 rows")).toBeInTheDocument();
    expect(downloads.count()).toBe(0);

    await user.click(within(dialog).getByRole("button", { name: "Retry" }));
    const file = await downloads.only();
    expect(exportQueries(api)).toEqual([
      { page: "1", limit: "100" },
      { page: "2", limit: "100" },
      { page: "2", limit: "100" },
      { page: "3", limit: "100" },
    ]);
    expect(file.rows.slice(1).map((row) => row[1])).toEqual(rows.map((row) => row.id));
  });

  it("fits a phone: the button in the header, the dialog inside 390 px", async () => {
    const second = deferred<Answer>();
    const api = signedInApi(PHONE);
    servePages(api, "/users", members(250), {
      intercept: (request) => (request.query.page === "2" && request.query.limit === "100" ? second.promise : undefined),
    });
    renderApp("/users");
    await startExport();
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("Read 100 of 250 rows");
    const box = dialog.getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Cancel" }));
    second.resolve([500, {}]);
    await api.settled();
  });

  it("narrows every row read by the screen's own search and toggle, as they narrow the page", async () => {
    const downloads = captureDownloads();
    const coins: Token[] = [
      USDC,
      BONK,
      RAY,
      ...Array.from({ length: 120 }, (_, i) => ({ ...BONK, id: `t-${i}`, symbol: `T${i}`, name: `Token ${i}`, isActive: i % 3 !== 0 })),
    ];
    const api = signedInApi();
    api.get("/tokens/admin", (request) => {
      const page = Number(request.query.page);
      const limit = Number(request.query.limit);
      return [200, tokenPage(coins.slice((page - 1) * limit, page * limit), { page, limit, total: coins.length })];
    });
    renderApp("/tokens");
    const user = userEvent.setup();
    await screen.findByText("USD Coin");
    // Pasted in one go: the search narrows the loaded rows, whatever the keys.
    await user.click(screen.getByRole("textbox", { name: "Search tokens" }));
    await user.paste("token 1");
    await user.click(await exportButton());

    const file = await downloads.only();
    const expected = coins.filter((coin) => coin.isActive && coin.name.toLowerCase().includes("token 1"));
    expect(file.rows[0]).toEqual(["Logo URL", "Symbol", "Token ID", "Name", "Mint Address", "Mint Address (full)", "Decimals", "Status"]);
    expect(file.rows.slice(1).map((row) => row[2])).toEqual(expected.map((coin) => coin.id));
    expect(expected.length).toBeGreaterThan(20);
    expect(file.rows[1]).toEqual(["", "T1", "t-1", "Token 1", "DezXAZ8z...pPB263", BONK.mintAddress, "5", "Active"]);
    expect(pageQueries(api, "/tokens/admin").slice(1)).toEqual([
      { page: "1", limit: "100" },
      { page: "2", limit: "100" },
    ]);
  });

  it("sends the table's sort on every page (orders by deadline), with amounts in base units and ISO dates", async () => {
    const downloads = captureDownloads();
    const base: Order = {
      id: "ord-00000000-aaaa",
      status: "ACTIVE",
      createdAt: "2026-03-04T15:06:00.000Z",
      quantity: 2,
      totalPrice: "1234500",
      currency: { symbol: "USDC", decimals: 6 },
      productSnapshot: { title: "Desk lamp" },
      buyerWalletAddress: carol.publicKey,
      sellerWalletAddress: dave.publicKey,
    } as Order;
    const orders = Array.from({ length: 130 }, (_, i) => ({ ...base, id: `ord-${String(i).padStart(4, "0")}-aaaa` }));
    const api = signedInApi();
    api.get("/admin/marketplace/status", [404, { message: "Not found" }]);
    servePages(api, "/admin/orders", orders);
    renderApp("/orders?currentPage=1&pageSize=20&sorters[0][field]=deadline&sorters[0][order]=asc");
    await screen.findAllByText("Desk lamp");
    await userEvent.setup().click(await exportButton());

    const file = await downloads.only();
    expect(pageQueries(api, "/admin/orders").filter((query) => query.limit === "100")).toEqual([
      { page: "1", limit: "100", sort: "deadline" },
      { page: "2", limit: "100", sort: "deadline" },
    ]);
    expect(file.rows[0]).toEqual([
      "Order ID",
      "Order ID (full)",
      "Image URL",
      "Product",
      "Quantity",
      "Buyer",
      "Buyer (full)",
      "Seller",
      "Seller (full)",
      "Amount",
      "Amount (base units)",
      "Currency decimals",
      "Status",
      "Date",
      "Date (ISO 8601)",
    ]);
    expect(file.rows[1]).toEqual([
      "ord-0000...",
      "ord-0000-aaaa",
      "",
      "Desk lamp",
      "2",
      "7Np41o...",
      carol.publicKey,
      "5Q544f...",
      dave.publicKey,
      "1.2345 USDC",
      "1234500",
      "6",
      "ACTIVE",
      new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short" }).format(new Date(base.createdAt!)),
      "2026-03-04T15:06:00.000Z",
    ]);
    expect(file.rows).toHaveLength(131);
  });
});

describe("the export's building blocks", () => {
  const columns: ExportColumn<User>[] = [
    { key: "a", title: "A", value: (row) => row.id, raw: [{ title: "A raw", value: () => "raw" }] },
    { key: "b", title: "B", value: () => "b" },
    { key: "b", title: "B2", value: () => "b2" },
    { key: "c", title: "C", value: () => "c" },
  ];

  it("writes the columns shown in the order shown, each key's entries together, raw values after theirs", () => {
    expect(exportTable(columns, [member(1)], ["c", "a"])).toEqual({ fields: ["C", "A", "A raw"], data: [["c", "m-1", "raw"]] });
    expect(exportTable(columns, [member(1)])).toEqual({ fields: ["A", "A raw", "B", "B2", "C"], data: [["m-1", "raw", "b", "b2", "c"]] });
    expect(exportTable(columns, [member(1)], ["b", "gone"]).fields).toEqual(["B", "B2"]);
  });

  it("writes a BOM, CRLF lines, and a quote before a leading = + - @ tab or carriage return", async () => {
    const csv = await toCsv({
      fields: ["A", "B"],
      data: [
        ["\tx", "\ry"],
        ["=1", "ok"],
        ["a=b", "-"],
      ],
    });
    expect(csv).toBe('\uFEFFA,B\r\n"\'\tx","\'\ry"\r\n"\'=1",ok\r\na=b,"\'-"');
  });

  it("defuses a formula wherever a field may start: the cell's start, after a separator (, ; tab |) or a line break, spaces between or not; other cells as they are", async () => {
    const defused: [string, string][] = [
      ["Bob;=1+1;x", "Bob;'=1+1;x"],
      ["Bob;-1+1", "Bob;'-1+1"],
      ["a, +1", "a, '+1"],
      ["a\t@SUM(A1)", "a\t'@SUM(A1)"],
      ["a|=1", "a|'=1"],
      ["a;  =1", "a;  '=1"],
      ["a\n-1", "a\n'-1"],
      ["a\r\n=1", "a\r\n'=1"],
      [" =1", " '=1"],
      ["-12.5", "'-12.5"],
      ["=1;=2", "'=1;'=2"],
      ["\tx", "'\tx"],
    ];
    const kept = ["12.5", "x;y", "a=b;c", "1 - 2", "a; b", "m@example.com"];
    const csv = await toCsv({
      fields: ["A", "B"],
      data: [...defused.map(([cell]) => ["first", cell]), ...kept.map((cell) => ["first", cell])],
    });
    const lines = [...defused.map(([, safe]) => `first,"${safe}"`), ...kept.map((cell) => `first,${cell}`)];
    expect(csv).toBe(["\uFEFFA,B", ...lines].join("\r\n"));
    // Read back, a cell is as it was, with a quote before each formula character.
    expect(
      parse<string[]>(csv.slice(1))
        .data.slice(1)
        .map(([, cell]) => cell),
    ).toEqual([...defused.map(([, safe]) => safe), ...kept]);
    // Split at ; as a spreadsheet in such a locale does, no field of a row starts a formula.
    for (const line of lines) for (const field of line.split(/[;,|\t\n]/)) expect(field.trimStart()).not.toMatch(/^[=+\-@]/);
  });

  it("keeps a row met twice once, and stops on a page with nothing new (an API that ignores `page`)", async () => {
    const pages = [
      [member(0), member(1)],
      [member(1), member(2)],
      [member(1), member(2)],
    ];
    const getList = vi.fn(async ({ pagination }: { pagination?: { currentPage?: number } }) => ({
      data: pages[(pagination?.currentPage ?? 1) - 1],
      total: 10,
    }));
    const paging = { ...startPaging<User>(), pageSize: 2 };
    const rows = await fetchRemaining(
      getList as never,
      { resource: "users", filters: [], sorters: [] },
      paging,
      new AbortController().signal,
      () => undefined,
    );
    expect(rows.map((row) => row.id)).toEqual(["m-0", "m-1", "m-2"]);
    expect(getList).toHaveBeenCalledTimes(3);
  });
});
