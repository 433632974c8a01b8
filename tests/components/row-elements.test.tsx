// The row elements drawn without antd's components (icons, icon buttons, badges, copyable text) are the
// same elements, with the same classes, as antd's components make, under the console's theme: so the
// same style sheets draw them, and they look and respond as antd's do. And they behave as antd's do.
import type { ReactElement } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Button, Tag, Typography } from "antd";
import { CheckCircleFilled, CopyOutlined, EditOutlined, StopOutlined } from "@ant-design/icons";
import {
  CheckCircleFilled as CheckCircleFilledIcon,
  CopyOutlined as CopyIcon,
  EditOutlined as EditIcon,
  StopOutlined as StopIcon,
} from "@ant-design/icons-svg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemedConfig } from "@/components/antd/setup";
import { COPY_CONFIRM_MS } from "@/config";
import { Badge } from "@/components/value/badges";
import { CopyText } from "@/components/value/copy-button";
import { IconButton } from "@/components/value/icon-button";
import { RowIcon } from "@/components/value/row-icon";
import { fakeClipboard, restoreClipboardAfterEach } from "../support/clipboard";

/** An element as a comparable value: its tag, its attributes (classes as a set) and its children. */
interface Shape {
  tag: string;
  attributes: Record<string, string>;
  children: (Shape | string)[];
}

function shapeOf(element: Element, ignore: string[] = []): Shape {
  const attributes: Record<string, string> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (ignore.includes(name)) continue;
    attributes[name] = name === "class" ? value.split(/\s+/).filter(Boolean).sort().join(" ") : value;
  }
  const children = Array.from(element.childNodes).flatMap((node): (Shape | string)[] =>
    node instanceof Element ? [shapeOf(node, ignore)] : node.textContent ? [node.textContent] : [],
  );
  return { tag: element.tagName.toLowerCase(), attributes, children };
}

/** Renders antd's component and ours side by side under the console's theme; their first elements. */
function renderBoth(theirs: ReactElement, ours: ReactElement) {
  render(
    <ThemedConfig>
      <div data-testid="theirs">{theirs}</div>
      <div data-testid="ours">{ours}</div>
    </ThemedConfig>,
  );
  return { theirs: screen.getByTestId("theirs").firstElementChild!, ours: screen.getByTestId("ours").firstElementChild! };
}

const LOOK = ["width", "height", "padding", "border", "border-radius", "color", "background-color", "font-size", "cursor", "opacity"];

function expectSameLook(ours: Element, theirs: Element) {
  for (const property of LOOK) {
    expect({ property, value: getComputedStyle(ours).getPropertyValue(property) }).toEqual({
      property,
      value: getComputedStyle(theirs).getPropertyValue(property),
    });
  }
}

describe("RowIcon, as antd's icon components", () => {
  it.each<[string, ReactElement, ReactElement]>([
    ["outlined", <EditOutlined />, <RowIcon icon={EditIcon} />],
    [
      "filled, named and classed",
      <CheckCircleFilled role="img" aria-label="Verified" className="kit-verified" />,
      <RowIcon icon={CheckCircleFilledIcon} role="img" aria-label="Verified" className="kit-verified" />,
    ],
  ])("is the same element and svg (%s), drawn the same", (_, theirs, ours) => {
    const both = renderBoth(theirs, ours);
    expect(shapeOf(both.ours)).toEqual(shapeOf(both.theirs));
    expectSameLook(both.ours, both.theirs);
    expectSameLook(both.ours.querySelector("svg")!, both.theirs.querySelector("svg")!);
  });
});

describe("IconButton, as antd's text Button with an icon", () => {
  it.each<[string, ReactElement, ReactElement]>([
    [
      "plain",
      <Button type="text" icon={<EditOutlined />} aria-label="Edit Ann" />,
      <IconButton icon={<RowIcon icon={EditIcon} />} aria-label="Edit Ann" />,
    ],
    [
      "danger, disabled",
      <Button type="text" danger disabled icon={<StopOutlined />} aria-label="Deactivate Ann" />,
      <IconButton danger disabled icon={<RowIcon icon={StopIcon} />} aria-label="Deactivate Ann" />,
    ],
    [
      "danger, loading",
      <Button type="text" danger loading icon={<StopOutlined />} aria-label="Deactivate Ann" />,
      <IconButton danger loading icon={<RowIcon icon={StopIcon} />} aria-label="Deactivate Ann" />,
    ],
    [
      "small, with a class",
      <Button type="text" size="small" className="kit-icon-button" icon={<CopyOutlined />} aria-label="Copy address" />,
      <IconButton size="small" className="kit-icon-button" icon={<RowIcon icon={CopyIcon} />} aria-label="Copy address" />,
    ],
  ])("is the same element (%s), drawn the same", (_, theirs, ours) => {
    const both = renderBoth(theirs, ours);
    expect(shapeOf(both.ours)).toEqual(shapeOf(both.theirs));
    expectSameLook(both.ours, both.theirs);
  });

  it("runs its click, passes data attributes on, and ignores clicks while loading", () => {
    const onClick = vi.fn();
    const { rerender } = render(<IconButton icon={<EditOutlined />} aria-label="Edit Ann" data-hint="Edit" onClick={onClick} />);
    const button = screen.getByRole("button", { name: "Edit Ann" });
    expect(button).toHaveAttribute("data-hint", "Edit");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(<IconButton loading icon={<EditOutlined />} aria-label="Edit Ann" onClick={onClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Edit Ann" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe("Badge, as antd's Tag", () => {
  it("is the same element, drawn the same", () => {
    const both = renderBoth(
      <Tag className="kit-tag kit-tag--success" data-tone="success">
        Active
      </Tag>,
      <Badge color="success">Active</Badge>,
    );
    expect(shapeOf(both.ours)).toEqual(shapeOf(both.theirs));
    expectSameLook(both.ours, both.theirs);
  });
});

describe("CopyText, as antd's copyable Typography.Text", () => {
  restoreClipboardAfterEach();
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the same text and copy button, drawn the same (with a live region for screen readers)", () => {
    const both = renderBoth(
      <Typography.Text className="mono" copyable={{ text: "order-1", tooltips: ["Copy order id", "Copied"] }}>
        order-1…
      </Typography.Text>,
      <CopyText className="mono" value="order-1" label="Copy order id">
        order-1…
      </CopyText>,
    );
    // antd names its tooltip in aria-describedby; ours shows the hint layer's (data-hint).
    const shape = shapeOf(both.ours, ["data-hint", "aria-describedby"]);
    const status = shape.children.pop();
    expect(status).toMatchObject({ attributes: { role: "status", class: "kit-visually-hidden" } });
    expect(shape).toEqual(shapeOf(both.theirs, ["data-hint", "aria-describedby"]));
    expectSameLook(both.ours, both.theirs);
    expectSameLook(both.ours.querySelector("button")!, both.theirs.querySelector("button")!);
  });

  it("copies its value and says 'Copied' (icon, hint and live region) for COPY_CONFIRM_MS", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    fakeClipboard(writeText);
    render(
      <CopyText value="order-1-full" label="Copy order id">
        order-1…
      </CopyText>,
    );
    const button = screen.getByRole("button", { name: "Copy order id" });
    expect(button).toHaveAttribute("data-hint", "Copy order id");

    fireEvent.click(button);
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith("order-1-full");
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
    expect(button).toHaveAttribute("data-hint", "Copied");
    expect(button).toHaveClass("ant-typography-copy-success");
    expect(button.querySelector(".anticon-check")).not.toBeNull();

    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS));
    expect(screen.getByRole("status")).toHaveTextContent("");
    expect(button).toHaveAttribute("data-hint", "Copy order id");
    expect(button.querySelector(".anticon-copy")).not.toBeNull();
  });
});
