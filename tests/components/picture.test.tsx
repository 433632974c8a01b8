// A picture that is missing or does not load leaves a neutral placeholder of its own size (or the
// screen's own placeholder) instead of a broken-image icon. Real loads in the test's Chromium: a
// data: URL that is not an image fails as an unreachable host's picture would.
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Picture } from "@/components/value/picture";

const BROKEN = "data:image/png;base64,AAAA";
const DRAWN =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

describe("Picture", () => {
  it("shows the picture when it loads", async () => {
    render(<Picture src={DRAWN} alt="Desk lamp" size={96} />);
    const image = screen.getByRole("img", { name: "Desk lamp" }) as HTMLImageElement;
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
    expect(screen.queryByTestId("picture-placeholder")).not.toBeInTheDocument();
  });

  it("replaces a picture that fails to load with a placeholder box of the same size", async () => {
    render(<Picture src={BROKEN} alt="Desk lamp" size={96} className="order-details__image" />);
    const placeholder = await screen.findByTestId("picture-placeholder");
    expect(screen.queryByRole("img", { name: "Desk lamp" })).not.toBeInTheDocument();
    expect(placeholder.getBoundingClientRect()).toMatchObject({ width: 96, height: 96 });
    // Decorative: the screen names the record beside it.
    expect(placeholder).toHaveAttribute("aria-hidden", "true");
  });

  it("shows the placeholder when there is no picture at all", () => {
    render(<Picture src={null} alt="" size={24} />);
    expect(screen.getByTestId("picture-placeholder").getBoundingClientRect()).toMatchObject({ width: 24, height: 24 });
  });

  it("shows the screen's own placeholder when it gives one", async () => {
    render(<Picture src={BROKEN} alt="" size={48} placeholder={<span>No Img</span>} />);
    expect(await screen.findByText("No Img")).toBeInTheDocument();
    expect(screen.queryByTestId("picture-placeholder")).not.toBeInTheDocument();
  });
});
