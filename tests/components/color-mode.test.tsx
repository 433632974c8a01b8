// The colour mode: the header's switch picks light, dark or the OS's mode; the choice is written to
// <html data-theme> (the console's CSS) and localStorage (the next visit), and antd's trees follow
// it. The browser tests check the same at full size, and under an OS in dark mode.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Card } from "antd";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ThemedConfig } from "@/components/antd/setup";
import { ColorModeSwitch } from "@/components/layout/color-mode-switch";
import { COLOR_MODE_KEY, setColorMode, startColorMode } from "@/styles/color-mode";
import { palettes } from "@/styles/theme";

const osMode = () => (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
const theme = () => document.documentElement.dataset.theme;

/** "#141925" as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

// As the entry (main.tsx) does.
beforeAll(() => startColorMode());
afterEach(() => setColorMode("system"));

function renderSwitch() {
  render(
    <ThemedConfig>
      <ColorModeSwitch />
      <Card data-testid="card">Content</Card>
    </ThemedConfig>,
  );
  const button = (name: string) => screen.getByRole("button", { name });
  return { light: button("Light mode"), dark: button("Dark mode"), system: button("Follow the system's mode") };
}

/** The page's attribute, the stored choice and antd's surfaces (the card) all in `mode`. */
function expectMode(mode: "light" | "dark") {
  expect(theme()).toBe(mode);
  expect(localStorage.getItem(COLOR_MODE_KEY)).toBe(mode);
  expect(getComputedStyle(screen.getByTestId("card")).backgroundColor).toBe(rgb(palettes[mode].surface));
}

describe("the colour mode switch", () => {
  it("is a named group of three pressed/unpressed buttons, 'system' pressed at first", () => {
    const { light, dark, system } = renderSwitch();
    expect(screen.getByRole("group", { name: "Colour mode" })).toContainElement(light);
    expect([light, dark, system].map((button) => button.getAttribute("aria-pressed"))).toEqual(["false", "false", "true"]);
    expect(theme()).toBe(osMode());
  });

  it("switches to dark: the page's attribute, the stored choice and antd's surfaces", async () => {
    const user = userEvent.setup();
    const { dark, system } = renderSwitch();
    await user.click(dark);
    expectMode("dark");
    expect(dark).toHaveAttribute("aria-pressed", "true");
    expect(system).toHaveAttribute("aria-pressed", "false");
  });

  it("switches to light, and back to the OS's mode, forgetting the choice", async () => {
    const user = userEvent.setup();
    const { light, system } = renderSwitch();
    await user.click(light);
    expectMode("light");

    await user.click(system);
    expect(theme()).toBe(osMode());
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBeNull();
    expect(system).toHaveAttribute("aria-pressed", "true");
  });
});
