// The dispute form's refund split in the dark mode: the slider's rail (the whole 0–100 %) and its
// track (the buyer's share) stand out from the dialog they sit on (the dark algorithm's own slider
// colours were about 1.1:1 on it).
import { render } from "@testing-library/react";
import { ConfigProvider } from "antd";
import { describe, expect, it } from "vitest";
import { RefundSplit } from "@/resources/orders/refund-split";
import { antdConfigFor, palettes } from "@/styles/theme";

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const [r, g, b, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** `color` drawn over the opaque `under`. */
function over([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba {
  return [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
}

/** WCAG's contrast ratio of two opaque colours. */
function contrast(one: Rgba, two: Rgba): number {
  const luminance = ([r, g, b]: Rgba) => {
    const [R, G, B] = [r, g, b].map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

describe("the refund split's slider", () => {
  it("draws its rail and track visibly on the dark mode's dialog", () => {
    const { container } = render(
      <ConfigProvider {...antdConfigFor("dark")}>
        <div className="surface" style={{ background: palettes.dark.elevated, padding: 16 }}>
          <RefundSplit value={40} />
        </div>
      </ConfigProvider>,
    );
    const under = parse(getComputedStyle(container.querySelector(".surface")!).backgroundColor);
    const colourOf = (selector: string) => over(parse(getComputedStyle(container.querySelector(selector)!).backgroundColor), under);
    const rail = colourOf(".ant-slider-rail");
    const track = colourOf(".ant-slider-track");
    // The buyer's share is what the slider says: a graphic an admin must see (WCAG 1.4.11, 3:1).
    expect(contrast(track, under)).toBeGreaterThanOrEqual(3);
    // The rest of the range: seen against the dialog, and apart from the share.
    expect(contrast(rail, under)).toBeGreaterThanOrEqual(1.5);
    expect(contrast(track, rail)).toBeGreaterThanOrEqual(1.5);
  });
});
