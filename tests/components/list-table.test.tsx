import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { useTable } from "@refinedev/antd";
import { PAGE_SIZE } from "@contract";
import { LIST_FIRST_DRAW_ROWS, LIST_RELOAD_SPINNER_DELAY_MS } from "@/config";
import { ListTable, Pager, type ListTableSource } from "@/components/list/list-table";
import { reply, replyData, requests, fakeApiForThisFile } from "../support/fake-api";
import { matchMediaAt } from "../support/media";
import { renderInRefine } from "./support";

interface Row {
  id: string;
  symbol: string;
}

const columns = [{ title: "Symbol", dataIndex: "symbol", key: "symbol" }];

describe("Pager", () => {
  it("is not rendered for a single page or none", () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<Pager currentPage={1} pageCount={1} onChange={onChange} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pager currentPage={1} pageCount={0} onChange={onChange} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ["shows 'Page x of y' with Previous disabled on the first page", 1, "Previous", "Next"],
    ["disables Next on the last page and goes back with Previous", 3, "Next", "Previous"],
  ])("%s", async (_title, currentPage, disabled, enabled) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pager currentPage={currentPage} pageCount={3} onChange={onChange} />);
    expect(screen.getByText(`Page ${currentPage} of 3`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: disabled })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: enabled }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2);
  });

  it("enables both buttons in the middle", () => {
    render(<Pager currentPage={2} pageCount={3} onChange={() => undefined} />);
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });
});

/** The part of useTable ListTable reads, for states that are awkward to reach through HTTP. */
function fakeTable(overrides: { rows?: Row[]; isError?: boolean; error?: unknown; currentPage?: number; pageCount?: number }) {
  const refetch = vi.fn().mockResolvedValue(undefined);
  const setCurrentPage = vi.fn();
  const table = {
    tableProps: { dataSource: overrides.rows ?? [], loading: false },
    tableQuery: { isError: overrides.isError ?? false, error: overrides.error ?? null, isFetching: false, refetch },
    currentPage: overrides.currentPage ?? 1,
    setCurrentPage,
    pageCount: overrides.pageCount ?? 1,
  } as unknown as ListTableSource<Row>;
  return { table, refetch, setCurrentPage };
}

describe("ListTable (given table state)", () => {
  it("shows the load error with Retry instead of the table, and Retry refetches", async () => {
    const user = userEvent.setup();
    const { table, refetch } = fakeTable({ isError: true, error: { message: "Boom from server", statusCode: 500 }, pageCount: 3 });
    render(<ListTable table={table} columns={columns} rowKey="id" />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Boom from server");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByText("Page 1 of 3")).not.toBeInTheDocument();
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("wires the pager to the table's page", async () => {
    const user = userEvent.setup();
    const { table, setCurrentPage } = fakeTable({ rows: [{ id: "1", symbol: "SOL" }], currentPage: 2, pageCount: 4 });
    render(<ListTable table={table} columns={columns} rowKey="id" />);
    expect(screen.getByText("SOL")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 4")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(setCurrentPage).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(setCurrentPage).toHaveBeenLastCalledWith(1);
  });

  it("shows the rows it is given over the loaded ones, and the empty text", () => {
    const { table } = fakeTable({
      rows: [
        { id: "1", symbol: "SOL" },
        { id: "2", symbol: "USDC" },
      ],
    });
    const { rerender } = render(<ListTable table={table} columns={columns} rowKey="id" dataSource={[{ id: "2", symbol: "USDC" }]} />);
    expect(screen.getByText("USDC")).toBeInTheDocument();
    expect(screen.queryByText("SOL")).not.toBeInTheDocument();
    rerender(<ListTable table={table} columns={columns} rowKey="id" dataSource={[]} emptyText="No tokens match" />);
    expect(screen.getByText("No tokens match")).toBeInTheDocument();
  });

  it("spins at once over an empty first load, and over rows it shows only once a reload has taken LIST_RELOAD_SPINNER_DELAY_MS", async () => {
    const spinning = () => document.querySelector(".ant-spin-spinning") !== null;
    const dimmed = () => document.querySelector(".ant-spin-blur") !== null;
    const first = fakeTable({});
    const loadingFirst = { ...first.table, tableProps: { dataSource: [], loading: true } };
    const { rerender } = render(<ListTable table={loadingFirst} columns={columns} rowKey="id" />);
    expect(spinning()).toBe(true);

    const loaded = fakeTable({ rows: [{ id: "1", symbol: "SOL" }] });
    rerender(<ListTable table={loaded.table} columns={columns} rowKey="id" />);
    expect(spinning()).toBe(false);

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const reloading = { ...loaded.table, tableProps: { ...loaded.table.tableProps, loading: true } };
      rerender(<ListTable table={reloading} columns={columns} rowKey="id" />);
      act(() => vi.advanceTimersByTime(LIST_RELOAD_SPINNER_DELAY_MS - 1));
      // A quick answer would land here: the rows were never dimmed.
      expect(dimmed()).toBe(false);
      expect(screen.getByText("SOL")).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(dimmed()).toBe(true);
      expect(spinning()).toBe(true);

      rerender(<ListTable table={loaded.table} columns={columns} rowKey="id" />);
      expect(dimmed()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("renders its rows again only when what they show changes, not when the screen around it renders", () => {
    const { table } = fakeTable({
      rows: [
        { id: "1", symbol: "SOL" },
        { id: "2", symbol: "USDC" },
      ],
    });
    const renderCell = vi.fn((symbol: string) => symbol);
    const counted = [{ title: "Symbol", dataIndex: "symbol", key: "symbol", render: renderCell }];
    const { rerender } = render(<ListTable table={{ ...table }} columns={counted} rowKey="id" emptyText="None" />);
    expect(renderCell).toHaveBeenCalledTimes(2);

    // The screen renders again (a new table result, the same rows and columns): the rows do not.
    rerender(<ListTable table={{ ...table }} columns={counted} rowKey="id" emptyText="None" />);
    expect(renderCell).toHaveBeenCalledTimes(2);

    // New columns (a row action's state changed): every row renders with them.
    rerender(<ListTable table={{ ...table }} columns={[...counted]} rowKey="id" emptyText="None" />);
    expect(renderCell).toHaveBeenCalledTimes(4);
  });
});

describe("ListTable mounting, with a column shown from a screen width on (antd's `responsive`)", () => {
  const rows = [
    { id: "1", symbol: "SOL" },
    { id: "2", symbol: "USDC" },
  ];

  function renderAt(width: number) {
    const media = matchMediaAt(width);
    vi.stubGlobal("matchMedia", media.matchMedia);
    const { table } = fakeTable({ rows });
    const columns = [
      { title: "Symbol", dataIndex: "symbol", key: "symbol" },
      { title: "Code", key: "code", responsive: ["md" as const], render: (_: unknown, row: Row) => `code-${row.id}` },
    ];
    render(<ListTable table={table} columns={columns} rowKey="id" />);
    return { resize: media.resize };
  }

  it("does not measure the scrollbar when it mounts (it neither scrolls vertically nor sticks its header)", () => {
    // rc-table measures it with a probe element on the page: a forced layout, and every row rendered again.
    const added = vi.spyOn(document.body, "appendChild");
    renderAt(1280);
    expect(screen.getByText("code-1")).toBeInTheDocument();
    const probes = added.mock.calls.filter(([node]) => node instanceof Element && node.id.startsWith("rc-scrollbar-measure"));
    expect(probes).toEqual([]);
  });

  it("leaves the column out below its width, and shows it when the window grows", async () => {
    const { resize } = renderAt(390);
    expect(screen.getByRole("columnheader", { name: "Symbol" })).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Code" })).not.toBeInTheDocument();
    expect(screen.queryByText("code-1")).not.toBeInTheDocument();

    resize(800);
    expect(await screen.findByRole("columnheader", { name: "Code" })).toBeInTheDocument();
    expect(screen.getByText("code-1")).toBeInTheDocument();
    resize(700);
    await waitFor(() => expect(screen.queryByText("code-1")).not.toBeInTheDocument());
  });
});

describe("ListTable wider than its place", () => {
  const wide = Array.from({ length: 8 }, (_, i) => ({ title: `Column ${i}`, key: `c${i}`, render: () => `a long value in column ${i}` }));
  const withActions = [
    ...wide,
    { title: "Actions", key: "actions", fixed: "right" as const, render: () => <button type="button">Edit</button> },
  ];

  function renderIn(width: number) {
    const { table } = fakeTable({ rows: [{ id: "1", symbol: "SOL" }] });
    render(
      <div style={{ width }}>
        <ListTable table={table} columns={withActions} rowKey="id" />
      </div>,
    );
    const scroller = document.querySelector<HTMLElement>(".ant-table-content")!;
    const actions = screen.getByRole("button", { name: "Edit" }).closest("td")!;
    return { scroller, actions, box: document.querySelector(".kit-list-table")! };
  }

  it("scrolls sideways with the Actions column held at the right edge, and a shadow on the side with more", async () => {
    const { scroller, actions, box } = renderIn(400);
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    expect(getComputedStyle(actions).position).toBe("sticky");
    // The Actions cell is in view at the right edge, over the columns scrolled under it.
    const edge = () => scroller.getBoundingClientRect().right - actions.getBoundingClientRect().right;
    expect(Math.abs(edge())).toBeLessThan(2);
    const shadow = () => getComputedStyle(actions, "::after").boxShadow;
    const leftShadow = () => getComputedStyle(box.querySelector(".ant-table-container")!, "::before").boxShadow;
    await waitFor(() => expect(shadow()).not.toBe("none"));
    expect(leftShadow()).toBe("none");
    // Scrollable from the keyboard: the region takes the focus.
    expect(scroller).toHaveAttribute("tabindex", "0");

    scroller.scrollLeft = scroller.scrollWidth;
    await waitFor(() => expect(leftShadow()).not.toBe("none"));
    // antd's shadows fade (a box-shadow transition).
    await waitFor(() => expect(shadow()).toBe("none"));
    expect(Math.abs(edge())).toBeLessThan(2);
  });

  it("holds no column at the right edge when none is fixed there, and shades that edge itself", async () => {
    const { table } = fakeTable({ rows: [{ id: "1", symbol: "SOL" }] });
    render(
      <div style={{ width: 400 }}>
        <ListTable table={table} columns={wide} rowKey="id" />
      </div>,
    );
    const box = document.querySelector(".kit-list-table")!;
    expect(box).not.toHaveClass("kit-list-table--fixed-end");
    expect(document.querySelector(".ant-table-cell-fix-right")).toBeNull();
    const rightShadow = () => getComputedStyle(box.querySelector(".ant-table-container")!, "::after").boxShadow;
    await waitFor(() => expect(rightShadow()).not.toBe("none"));
  });

  it("watches a table shown after a load error as well", async () => {
    const failed = fakeTable({ isError: true, error: { message: "Boom", statusCode: 500 } });
    const loaded = fakeTable({ rows: [{ id: "1", symbol: "SOL" }] });
    const inBox = (table: ListTableSource<Row>) => (
      <div style={{ width: 400 }}>
        <ListTable table={table} columns={withActions} rowKey="id" />
      </div>
    );
    const { rerender } = render(inBox(failed.table));
    expect(screen.getByRole("alert")).toHaveTextContent("Boom");
    rerender(inBox(loaded.table));
    const actions = screen.getByRole("button", { name: "Edit" }).closest("td")!;
    await waitFor(() => expect(getComputedStyle(actions, "::after").boxShadow).not.toBe("none"));
  });

  it("neither scrolls nor measures its columns when it fits", () => {
    const { scroller } = renderIn(4000);
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    // The table fills its place, as antd lays out a table that fits.
    expect(scroller.querySelector("table")!.getBoundingClientRect().width).toBeCloseTo(scroller.clientWidth, 0);
    // No measuring row: antd's own horizontal scroll is not used.
    expect(document.querySelector(".ant-table-measure-row")).toBeNull();
    expect(scroller).not.toHaveAttribute("tabindex");
  });
});

function TokensTable() {
  const table = useTable<Row>({ resource: "tokens", pagination: { pageSize: PAGE_SIZE }, syncWithLocation: false });
  return <ListTable table={table} columns={columns} rowKey="id" emptyText="No tokens" />;
}

const page = (n: number, items: Row[], total: number) => ({
  items,
  total,
  page: n,
  limit: PAGE_SIZE,
  totalPages: Math.ceil(total / PAGE_SIZE),
});

describe("ListTable on Refine's useTable", () => {
  fakeApiForThisFile([200, { data: {} }]);

  it("shows the server's message on a failed load, and Retry loads the list", async () => {
    const user = userEvent.setup();
    // A server error is tried once more before it shows (the app's retry policy).
    reply([500, { message: "Database unavailable" }], [500, { message: "Database unavailable" }]);
    renderInRefine(<TokensTable />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    replyData(page(1, [{ id: "t1", symbol: "SOL" }], 1));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("SOL")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual(["GET /tokens/admin", "GET /tokens/admin", "GET /tokens/admin"]);
    // A single page has no pager.
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
  });

  it("pages through the server's pages with Next and Previous", async () => {
    const user = userEvent.setup();
    replyData(page(1, [{ id: "t1", symbol: "SOL" }], 45));
    renderInRefine(<TokensTable />);
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(requests()[0].query).toEqual({ page: "1", limit: String(PAGE_SIZE) });

    replyData(page(2, [{ id: "t21", symbol: "USDC" }], 45));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("USDC")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(requests().at(-1)?.query).toEqual({ page: "2", limit: String(PAGE_SIZE) });

    replyData(page(1, [{ id: "t1", symbol: "SOL" }], 45));
    await user.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(screen.getByText("Page 1 of 3")).toBeInTheDocument());
    await waitFor(() => expect(requests().at(-1)?.query).toEqual({ page: "1", limit: String(PAGE_SIZE) }));
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
  });

  it.each([
    [1440, "wide"],
    [390, "phone"],
  ] as const)(
    "at %i px, draws a screenful of the first page's rows, then the rest with the pager: never the empty text, nor the pager above missing rows",
    async (width, size) => {
      // The rows are drawn at a lower priority than the answer that brings them (a long render would
      // otherwise block a phone's main thread), a screenful first (fewer on a phone); what shows
      // meanwhile must not mislead nor move, and the table says it is busy until every row is there.
      vi.stubGlobal("matchMedia", matchMediaAt(width).matchMedia);
      const seen: string[] = [];
      const counts: { rows: number; busy: boolean }[] = [];
      const observer = new MutationObserver(() => {
        const rows = document.querySelectorAll("tbody tr.ant-table-row").length;
        const busy = document.querySelector(".kit-list-table")?.getAttribute("aria-busy") === "true";
        if (counts.at(-1)?.rows !== rows || counts.at(-1)?.busy !== busy) counts.push({ rows, busy });
        if (document.body.textContent?.includes("No tokens")) seen.push("empty text");
        if (document.querySelector(".kit-pager") && rows < PAGE_SIZE) seen.push("pager above missing rows");
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      onTestFinished(() => observer.disconnect());
      replyData(
        page(
          1,
          Array.from({ length: PAGE_SIZE }, (_, i) => ({ id: `t${i}`, symbol: `TK${i}` })),
          45,
        ),
      );
      renderInRefine(<TokensTable />);
      expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
      expect(screen.getByText("TK0")).toBeInTheDocument();
      expect(seen).toEqual([]);
      const drawn = counts.filter((count) => count.rows > 0);
      expect(drawn[0]).toEqual({ rows: LIST_FIRST_DRAW_ROWS[size], busy: true });
      await waitFor(() => expect(screen.getByRole("table").closest(".kit-list-table")).not.toHaveAttribute("aria-busy"));
      expect(counts.at(-1)).toEqual({ rows: PAGE_SIZE, busy: false });
    },
  );

  it("shows the empty text when the server has no rows", async () => {
    replyData(page(1, [], 0));
    renderInRefine(<TokensTable />);
    expect(await screen.findByText("No tokens")).toBeInTheDocument();
    expect(screen.queryByText(/Page \d+ of/)).not.toBeInTheDocument();
  });
});
