// antd 5 renders its static APIs (notification, message, Modal.confirm) with ReactDOM.render, which
// React 19 removed; this hands it createRoot instead (antd's documented React 19 hook), and gives
// those detached trees the console's theme. Imported by every module that brings antd in.
import { createRoot } from "react-dom/client";
import { ConfigProvider, unstableSetRender } from "antd";
import { antdConfig } from "@/styles/theme";

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

ConfigProvider.config({
  holderRender: (children) => <ConfigProvider {...antdConfig}>{children}</ConfigProvider>,
});

export { antdConfig };
