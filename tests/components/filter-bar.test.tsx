// Every list's filter bar, measured in the Chromium the console runs in: its boxes keep the height
// of an antd middle input at desktop and phone widths (a flex basis meant for the bar's row once
// applied to the height of a search box stacked over its hint, and drew it ~250 px tall).
import { render, screen } from "@testing-library/react";
import { Input, Select } from "antd";
import { onTestFinished } from "vitest";
import { page } from "vitest/browser";
import { describe, expect, it } from "vitest";
import { useFilterBar, type FilterableTable } from "@/components/list/filter-bar";
import type { ListFilter } from "@/components/list/filters";
import { ACTIVITY_FILTERS } from "@/resources/activity/filters";
import { ORDER_FILTERS } from "@/resources/orders/filters";
import { PRODUCT_FILTERS } from "@/resources/products/filters";
import { SETTLEMENT_FILTERS } from "@/resources/settlements/filters";
import { SHOP_FILTERS } from "@/resources/shops/filters";
import { TOKEN_FILTERS } from "@/resources/tokens/filters";
import { USER_FILTERS } from "@/resources/users/filters";

const BARS: Record<string, readonly ListFilter<never>[]> = {
  users: USER_FILTERS as readonly ListFilter<never>[],
  products: PRODUCT_FILTERS as readonly ListFilter<never>[],
  shops: SHOP_FILTERS as readonly ListFilter<never>[],
  orders: ORDER_FILTERS as readonly ListFilter<never>[],
  activity: ACTIVITY_FILTERS as readonly ListFilter<never>[],
  settlements: SETTLEMENT_FILTERS as readonly ListFilter<never>[],
  tokens: TOKEN_FILTERS as readonly ListFilter<never>[],
};

const table: FilterableTable<never> = {
  filters: [],
  setFilters: () => undefined,
  setCurrentPage: () => undefined,
  tableProps: { dataSource: [] },
};

function Bar({ name, filters }: { name: string; filters: readonly ListFilter<never>[] }) {
  const { bar } = useFilterBar(table, filters, { name: name.replace(/\W/g, "-"), label: `Filter ${name}` });
  return bar;
}

/** An antd middle input and select outside any bar: the heights the bar's boxes must keep. */
function references() {
  const { container, unmount } = render(
    <div>
      <Input className="reference-input" prefix={<span />} allowClear />
      <Select className="reference-select" options={[{ value: "a", label: "A" }]} value="a" />
    </div>,
  );
  const input = container.querySelector(".reference-input")!.getBoundingClientRect().height;
  const select = container.querySelector(".reference-select")!.getBoundingClientRect().height;
  unmount();
  return { input, select };
}

describe("filter bars", () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`keep every text box and select the height of an antd middle one at ${width} px`, async () => {
      await page.viewport(width, height);
      onTestFinished(() => page.viewport(414, 896));
      const reference = references();
      expect(reference.input).toBeGreaterThan(20);

      for (const [name, filters] of Object.entries(BARS)) {
        const { unmount } = render(<Bar name={name} filters={filters} />);
        const bar = screen.getByRole("search", { name: `Filter ${name}` });
        for (const box of bar.querySelectorAll(".ant-input-affix-wrapper")) {
          expect({ name, height: box.getBoundingClientRect().height }).toEqual({ name, height: reference.input });
        }
        for (const select of bar.querySelectorAll(".ant-select")) {
          expect({ name, height: select.getBoundingClientRect().height }).toEqual({ name, height: reference.select });
        }
        // Nothing wider than the window: the bar wraps, and stacks on a phone.
        for (const control of bar.children) {
          expect({ name, right: control.getBoundingClientRect().right <= window.innerWidth }).toEqual({ name, right: true });
        }
        unmount();
      }
    });
  }
});
