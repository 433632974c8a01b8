// The rows' avatar: a round picture, or its letters when there is none or it fails to load, drawn
// as antd's Avatar draws it (it replaces antd's in the Users and Tokens lists). Real loads and real
// layout in the test's Chromium: a data: URL that is not an image fails as a gone host's would.
import { render, screen, waitFor } from "@testing-library/react";
import { Avatar as AntAvatar, theme } from "antd";
import { describe, expect, it } from "vitest";
import { Avatar } from "@/components/value/avatar";

const BROKEN = "data:image/png;base64,AAAA";
const DRAWN =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

/** Where an element sits inside another, and how big it is. */
function placeIn(outer: Element, inner: Element) {
  const a = outer.getBoundingClientRect();
  const b = inner.getBoundingClientRect();
  return { left: b.left - a.left, top: b.top - a.top, width: b.width, height: b.height };
}

describe("Avatar", () => {
  it("shows its letters without a picture", () => {
    render(<Avatar text="C" alt="" />);
    expect(screen.getByText("C")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("shows the picture when it loads, with its alternative text", async () => {
    render(<Avatar src={DRAWN} text="US" alt="USDC logo" />);
    const image = screen.getByRole("img", { name: "USDC logo" }) as HTMLImageElement;
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
    expect(screen.queryByText("US")).not.toBeInTheDocument();
  });

  it("shows its letters in place of a picture that fails to load, and tries a new picture again", async () => {
    const { rerender } = render(<Avatar src={BROKEN} text="US" alt="USDC logo" />);
    expect(await screen.findByText("US")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();

    rerender(<Avatar src={DRAWN} text="US" alt="USDC logo" />);
    expect(screen.getByRole("img", { name: "USDC logo" })).toBeInTheDocument();
  });

  it.each([
    ["the default size", undefined, "US"],
    ["a given size", 36, "C"],
  ])("has antd's Avatar's box and letters' place at %s", (_, size, text) => {
    // The console's page font is its antd theme's; here, antd's default theme's.
    render(
      <div style={{ fontFamily: theme.getDesignToken().fontFamily }}>
        <span data-testid="ours">
          <Avatar text={text} alt="" size={size} />
        </span>
        <span data-testid="antd">
          <AntAvatar size={size}>{text}</AntAvatar>
        </span>
      </div>,
    );
    const ours = screen.getByTestId("ours").firstElementChild!;
    const theirs = screen.getByTestId("antd").firstElementChild!;
    const [ourText, theirText] = screen.getAllByText(text);
    expect(ours.getBoundingClientRect().width).toBeGreaterThan(0);
    expect(placeIn(ours, ourText)).toEqual(placeIn(theirs, theirText));
    for (const property of ["width", "height", "border-radius", "border", "font-size", "line-height", "display", "vertical-align"]) {
      expect({ property, value: getComputedStyle(ours).getPropertyValue(property) }).toEqual({
        property,
        value: getComputedStyle(theirs).getPropertyValue(property),
      });
    }
  });
});
