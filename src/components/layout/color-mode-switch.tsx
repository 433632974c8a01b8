// Light, dark, or as the OS says: three pressed/unpressed buttons, each named for what it picks.
import type { ReactNode } from "react";
import { Button, Tooltip } from "antd";
import { DesktopOutlined, MoonOutlined, SunOutlined } from "@ant-design/icons";
import { COLOR_MODES, setColorMode, useColorMode, type ColorMode } from "@/styles/color-mode";

const CHOICES: Record<ColorMode, { label: string; icon: ReactNode }> = {
  light: { label: "Light mode", icon: <SunOutlined /> },
  dark: { label: "Dark mode", icon: <MoonOutlined /> },
  system: { label: "Follow the system's mode", icon: <DesktopOutlined /> },
};

export function ColorModeSwitch() {
  const { mode } = useColorMode();
  return (
    <div className="color-mode-switch" role="group" aria-label="Colour mode">
      {COLOR_MODES.map((choice) => (
        <Tooltip key={choice} title={CHOICES[choice].label}>
          <Button
            type="text"
            size="small"
            className="color-mode-switch__button"
            icon={CHOICES[choice].icon}
            aria-label={CHOICES[choice].label}
            aria-pressed={mode === choice}
            onClick={() => setColorMode(choice)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
