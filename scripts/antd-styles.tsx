// antd's styles for the console, made at build time (vite.config.ts runs this with NODE_ENV=production
// and writes what it prints as assets/antd-light-*.css and assets/antd-dark-*.css).
//
// antd 5 writes its CSS in the browser: the first time a component renders, its style objects are
// computed from the theme's tokens, serialized and inserted (~300 kB of CSS for /orders). On a phone's
// CPU that is a large part of the first load's blocking time. @ant-design/cssinjs can skip it: a
// stylesheet whose `.data-ant-cssinjs-cache-path` rule lists the styles it holds (extractStyle's
// output) tells the runtime those are already there. This renders, for each colour mode, the antd
// components of a first load, with the console's own theme (src/styles/theme.ts), and
// prints their CSS. A component left out, a theme changed at runtime (the other mode than the OS's,
// reduced motion: the theme's tokens differ) or `npm run dev` are not in the file: antd writes those
// styles in the browser as before, so the file can only save work, never change a look.
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import * as antd from "antd";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { antdConfigFor } from "../src/styles/theme.ts";

if (process.env.NODE_ENV !== "production") {
  // antd names its style scope (`css-<hash>` or `css-dev-only-do-not-override-<hash>`) by NODE_ENV:
  // styles made under another name than the build's would match nothing.
  throw new Error("scripts/antd-styles.tsx needs NODE_ENV=production, as the console's build has");
}

const { Alert, App, Avatar, Badge, Breadcrumb, Button, Card, Checkbox, Divider, Dropdown, Empty, Flex, Input, Layout, Menu, Popover } =
  antd;
const { Segmented, Select, Skeleton, Space, Spin, Statistic, Switch, Table, Tag, Tooltip, Typography } = antd;

/**
 * The antd components of a first load: the admin layout, the dashboard's cards and the lists with
 * their filters (@refinedev/antd's included). Not the dialogs, forms, date pickers and drawers: they
 * are drawn when an admin opens them, and their styles (another ~500 kB per mode) would be parsed on
 * every first load for a screen that may never open one. Tooltips and menus render nothing until
 * opened: their panels register the same styles.
 */
const firstLoad = (): ReactNode => (
  <App>
    <Layout>
      <Layout.Sider />
      <Layout.Header />
      <Layout.Content />
    </Layout>
    <Menu items={[{ key: "item", label: "item" }]} />
    <Alert />
    <Avatar />
    <Badge />
    <Breadcrumb />
    <Button />
    <Card />
    <Checkbox.Group />
    <Checkbox />
    <Divider />
    <Dropdown menu={{ items: [] }}>
      <span />
    </Dropdown>
    <Empty />
    <Flex />
    <Input />
    <Segmented options={[]} />
    <Select />
    <Skeleton />
    <Space />
    <Spin />
    <Statistic />
    <Switch />
    <Table />
    <Tag />
    <Typography />
    {[Dropdown, Popover, Select, Tooltip].map((withPanel, index) => {
      const Panel = withPanel._InternalPanelDoNotUseOrYouWillBeFired as (props: object) => ReactNode;
      return <Panel key={index} />;
    })}
  </App>
);

const styles: Record<string, string> = {};
for (const mode of ["light", "dark"] as const) {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <antd.ConfigProvider {...antdConfigFor(mode)}>{firstLoad()}</antd.ConfigProvider>
    </StyleProvider>,
  );
  styles[mode] = extractStyle(cache, { plain: true });
}
process.stdout.write(JSON.stringify(styles));
