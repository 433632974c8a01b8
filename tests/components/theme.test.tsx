// The console's antd set-up honours an admin's wish for less motion (the test page asks for it, as
// vitest.config.ts sets): no zoom or slide, and no click ripple on buttons.
import { fireEvent, render, screen } from "@testing-library/react";
import { Button, ConfigProvider } from "antd";
import { describe, expect, it } from "vitest";
import { antdConfig } from "@/components/antd/setup";

// The ripple is drawn a frame after the click, into a root of its own: a few frames and a moment
// later it would be there.
async function afterRipple() {
  for (let frame = 0; frame < 5; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("antd's motion under prefers-reduced-motion", () => {
  it("is asked of the page the tests run in", () => {
    expect(window.matchMedia("(prefers-reduced-motion: reduce)").matches).toBe(true);
  });

  it("turns antd's motion token off", () => {
    expect(antdConfig.theme?.token?.motion).toBe(false);
  });

  it("leaves no click ripple on a button", async () => {
    render(
      <ConfigProvider {...antdConfig}>
        <Button type="primary">Save</Button>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await afterRipple();
    expect(document.querySelector(".ant-wave")).toBeNull();
  });

  it("would show the ripple were the wave left on (the check above can see one)", async () => {
    render(
      <ConfigProvider {...antdConfig} wave={{ disabled: false }}>
        <Button type="primary">Save</Button>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await afterRipple();
    expect(document.querySelector(".ant-wave")).not.toBeNull();
  });
});
