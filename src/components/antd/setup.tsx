// antd 5 renders its static APIs (notification, message, Modal.confirm) with ReactDOM.render, which
// React 19 removed; this hands it createRoot instead (antd's documented React 19 hook), and gives
// those detached trees the console's theme in the current colour mode. Imported by every module that
// brings antd in.
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { ConfigProvider, unstableSetRender } from "antd";
import { useColorMode } from "@/styles/color-mode";
import { antdConfig, antdConfigFor } from "@/styles/theme";

unstableSetRender((node, container) => {
  const target = container as typeof container & { _reactRoot?: ReturnType<typeof createRoot> };
  target._reactRoot ??= createRoot(container);
  const root = target._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

/** antd's theme for the colour mode in effect, following it when it changes. */
export function ThemedConfig({ children }: { children: ReactNode }) {
  const { resolved } = useColorMode();
  return <ConfigProvider {...antdConfigFor(resolved)}>{children}</ConfigProvider>;
}

ConfigProvider.config({
  holderRender: (children) => <ThemedConfig>{children}</ThemedConfig>,
});

export { antdConfig };
