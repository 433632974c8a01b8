import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Badge, FlagBadge, OrderStatusBadge } from "@/components/value/badges";

function tagOf(text: string): HTMLElement {
  const tag = screen.getByText(text).closest(".ant-tag");
  if (!(tag instanceof HTMLElement)) throw new Error(`no tag around ${text}`);
  return tag;
}

describe("OrderStatusBadge", () => {
  it.each([
    ["ACTIVE", "info"],
    ["DISPUTED", "warning"],
    ["COMPLETED", "success"],
    ["CANCELLED", "error"],
    ["REFUNDED", "error"],
    ["PENDING", "neutral"],
    ["active", "neutral"],
    ["toString", "neutral"],
  ])("shows %s as a %s badge", (status, tone) => {
    render(<OrderStatusBadge status={status} />);
    const tag = tagOf(status);
    expect(tag).toHaveAttribute("data-tone", tone);
    expect(tag).toHaveClass(`kit-tag--${tone}`);
    // One tone class only, whatever the status.
    expect([...tag.classList].filter((name) => name.startsWith("kit-tag--"))).toHaveLength(1);
  });

  it("shows 'N/A' as a neutral badge when the status is missing", () => {
    render(<OrderStatusBadge status={null} />);
    expect(tagOf("N/A")).toHaveAttribute("data-tone", "neutral");
  });
});

describe("FlagBadge", () => {
  it("shows the true text in green and the false text in grey by default", () => {
    const { rerender } = render(<FlagBadge value trueText="Active" falseText="Inactive" />);
    expect(tagOf("Active")).toHaveAttribute("data-tone", "success");
    expect(screen.queryByText("Inactive")).not.toBeInTheDocument();

    rerender(<FlagBadge value={false} trueText="Active" falseText="Inactive" />);
    expect(tagOf("Inactive")).toHaveAttribute("data-tone", "neutral");
    expect(screen.queryByText("Active")).not.toBeInTheDocument();
  });

  it("takes the colours it is given, antd names included", () => {
    const { rerender } = render(<FlagBadge value={false} trueText="Verified" falseText="Unverified" trueColor="blue" falseColor="red" />);
    expect(tagOf("Unverified")).toHaveAttribute("data-tone", "error");
    rerender(<FlagBadge value trueText="Verified" falseText="Unverified" trueColor="blue" falseColor="red" />);
    expect(tagOf("Verified")).toHaveAttribute("data-tone", "info");
  });

  it("treats a missing value as false", () => {
    render(<FlagBadge value={undefined} trueText="Yes" falseText="No" falseColor="warning" />);
    expect(tagOf("No")).toHaveAttribute("data-tone", "warning");
  });
});

describe("Badge", () => {
  it.each([
    ["green", "success"],
    ["orange", "warning"],
    ["processing", "info"],
    ["default", "neutral"],
    [undefined, "neutral"],
  ] as const)("maps %s to the %s tone", (color, tone) => {
    render(<Badge color={color}>Label</Badge>);
    expect(tagOf("Label")).toHaveAttribute("data-tone", tone);
  });
});
