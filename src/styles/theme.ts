// The console's one look, shared by the antd screens (ConfigProvider) and the antd-free shell
// (global.css reads the same colours as CSS variables), so a page never looks half-themed. Two
// palettes, light and dark (src/styles/color-mode.ts picks one); global.css repeats them as its
// `:root` and `[data-theme="dark"]` variables.
import { theme as antdTheme, type ConfigProviderProps, type ThemeConfig } from "antd";
import type { ResolvedColorMode } from "./color-mode";

const shared = {
  primary: "#7c3aed",
  accent: "#14f195",
  siderBg: "#0f172a",
  siderText: "rgba(226, 232, 240, 0.85)",
} as const;

export const palettes = {
  light: {
    ...shared,
    pageBg: "#f5f6fa",
    surface: "#ffffff",
    elevated: "#ffffff",
    text: "#1f2937",
    muted: "#6b7280",
    border: "#e5e7eb",
    link: "#7c3aed",
    headerBg: "#ffffff",
  },
  dark: {
    ...shared,
    pageBg: "#0b0f19",
    surface: "#141925",
    elevated: "#1b2130",
    text: "#e5e7eb",
    // 6.3:1 on the elevated surface, the darkest text-on-background pair of the mode.
    muted: "#9ca3af",
    border: "#2a3242",
    // The primary violet is 3:1 on these backgrounds: fine behind white text, too dark as text.
    link: "#b794f6",
    headerBg: "#141925",
  },
} as const;

// An admin whose system asks for less motion (WCAG 2.3.3) gets antd's dialogs, drawers and
// messages without their zoom and slide, and buttons without their click ripple (antd's wave, which
// the motion token does not reach). Read once, at load: the preference rarely changes mid-session.
const reducedMotion = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

// The dark algorithm derives its hover violets by lightening, which puts white button text under
// 4.5:1 and link hovers near the background; these keep every state readable.
const darkOverrides = {
  colorBgContainer: palettes.dark.surface,
  colorBgElevated: palettes.dark.elevated,
  colorPrimaryHover: "#7c3aed",
  colorPrimaryActive: "#5b21b6",
  colorPrimaryText: palettes.dark.link,
  colorPrimaryTextHover: "#c4a7ff",
  colorPrimaryTextActive: "#a78bfa",
  colorLinkHover: "#c4a7ff",
  colorLinkActive: "#a78bfa",
};

// The dark algorithm draws the slider (the dispute form's refund split) in its faintest fill and its
// darkest violet, about 1.1:1 on a dialog: its track in the violet the mode uses for text, its rail in
// the algorithm's strongest fill.
const darkFill = antdTheme.getDesignToken({ algorithm: antdTheme.darkAlgorithm }).colorFill;
const darkSlider = {
  railBg: darkFill,
  railHoverBg: darkFill,
  trackBg: darkOverrides.colorPrimaryText,
  trackHoverBg: darkOverrides.colorPrimaryTextHover,
  handleColor: darkOverrides.colorPrimaryText,
  handleActiveColor: darkOverrides.colorPrimaryTextHover,
};

function themeFor(mode: ResolvedColorMode): ThemeConfig {
  const colors = palettes[mode];
  const dark = mode === "dark";
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      motion: !reducedMotion,
      colorPrimary: colors.primary,
      colorInfo: colors.primary,
      colorLink: colors.link,
      colorBgLayout: colors.pageBg,
      ...(dark ? darkOverrides : {}),
      colorText: colors.text,
      colorTextSecondary: colors.muted,
      // antd's own (black at 45%, 3.4:1 on white) fails WCAG AA for the small texts it colours,
      // e.g. a text area's character count.
      colorTextDescription: colors.muted,
      colorBorderSecondary: colors.border,
      borderRadius: 8,
      fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    },
    components: {
      // Its unselected options are coloured like labels (the secondary text), under 4.5:1 on the page.
      Segmented: { itemColor: colors.text },
      Layout: { siderBg: colors.siderBg, headerBg: colors.headerBg, headerHeight: 56, headerPadding: "0 16px" },
      Menu: {
        darkItemBg: colors.siderBg,
        darkSubMenuItemBg: colors.siderBg,
        darkItemColor: colors.siderText,
        darkItemSelectedBg: colors.primary,
        itemBorderRadius: 8,
        itemMarginInline: 12,
      },
      Card: { borderRadiusLG: 12 },
      ...(dark ? { Slider: darkSlider } : {}),
    },
  };
}

const configs: Record<ResolvedColorMode, ConfigProviderProps> = {
  light: { theme: themeFor("light"), wave: { disabled: reducedMotion } },
  dark: { theme: themeFor("dark"), wave: { disabled: reducedMotion } },
};

/** What every antd tree of the console is given: the mode's theme, and the wave only where motion is welcome. */
export const antdConfigFor = (mode: ResolvedColorMode): ConfigProviderProps => configs[mode];

/** The light configuration (tests and code that render antd outside the colour mode). */
export const antdConfig = configs.light;
