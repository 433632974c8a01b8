// The console's one look, shared by the antd screens (ConfigProvider) and the antd-free shell
// (global.css reads the same colours as CSS variables), so a page never looks half-themed.
import type { ConfigProviderProps, ThemeConfig } from "antd";

export const palette = {
  primary: "#7c3aed",
  accent: "#14f195",
  siderBg: "#0f172a",
  siderText: "rgba(226, 232, 240, 0.85)",
  pageBg: "#f5f6fa",
  text: "#1f2937",
  muted: "#6b7280",
  border: "#e5e7eb",
} as const;

// An admin whose system asks for less motion (WCAG 2.3.3) gets antd's dialogs, drawers and
// messages without their zoom and slide, and buttons without their click ripple (antd's wave, which
// the motion token does not reach). Read once, at load: the preference rarely changes mid-session.
const reducedMotion =
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    colorBgLayout: palette.pageBg,
    colorText: palette.text,
    colorTextSecondary: palette.muted,
    // antd's own (black at 45%, 3.4:1 on white) fails WCAG AA for the small texts it colours,
    // e.g. a text area's character count.
    colorTextDescription: palette.muted,
    colorBorderSecondary: palette.border,
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { siderBg: palette.siderBg, headerBg: "#ffffff", headerHeight: 56, headerPadding: "0 16px" },
    Menu: {
      darkItemBg: palette.siderBg,
      darkSubMenuItemBg: palette.siderBg,
      darkItemColor: palette.siderText,
      darkItemSelectedBg: palette.primary,
      itemBorderRadius: 8,
      itemMarginInline: 12,
    },
    Card: { borderRadiusLG: 12 },
  },
};

/** What every antd tree of the console is given: the theme, and the wave only where motion is welcome. */
export const antdConfig: ConfigProviderProps = { theme, wave: { disabled: reducedMotion } };
