// The console files' set-up (they run in Chromium), once per test file: Testing Library's
// matchers, the fake API's hooks, and each test's screen, stored session, screen rendered ahead, and
// antd's own notifications, messages and dialogs gone before the next (files share a
// page: see vitest.config.ts).
// Spies and stubbed globals are undone by the project's config (restoreMocks, unstubGlobals).
import { afterEach, inject } from "vitest";
import "@testing-library/jest-dom/vitest";
import { cleanup, configure, waitFor } from "@testing-library/react";
import { message, Modal, notification } from "antd";
// As in the app, antd's static APIs get the console's React 19 render before their first use (the
// first destroy below creates their holder: without it, a holder that never mounts, and no
// notification would show on this page again).
import "@/components/antd/setup";
import { clearSettingsCache } from "@/components/list/settings/store";
import { renderAhead } from "@/components/routing/screen-ahead";
import { authStore } from "@/providers/auth-store";
import { fakeApiHooks } from "./support/fake-api";

fakeApiHooks();

// One deadline for every findBy and waitFor, from vitest.config.ts (generous, stretched by the
// machine's load): set here rather than per file, since files sharing a page would leave each other
// whichever one loaded last.
configure({ asyncUtilTimeout: inject("asyncUtilTimeoutMs") });

// antd renders these into roots of their own, outside the screen Testing Library cleans up.
const ANTD_DETACHED = ".ant-notification-notice, .ant-message-notice, .ant-modal-root .ant-modal";

afterEach(async () => {
  cleanup();
  renderAhead(null);
  notification.destroy();
  message.destroy();
  Modal.destroyAll();
  await waitFor(() => {
    if (document.querySelector(ANTD_DETACHED)) throw new Error("antd's notifications or dialogs still open");
  });
  authStore.clear();
  window.localStorage.clear();
  clearSettingsCache();
});
