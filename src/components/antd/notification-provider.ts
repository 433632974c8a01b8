// Refine's notifications, shown with antd. @refinedev/antd's useNotificationProvider would pull
// antd into the bundle every route loads first (/login included), so antd's notification is
// imported on the first notification instead; calls made meanwhile run in order once it arrives.
import type { NotificationProvider } from "@refinedev/core";

type Notifier = typeof import("./notifier");

let notifier: Promise<Notifier> | undefined;

function withNotifier(use: (module: Notifier) => void): void {
  notifier ??= import("./notifier");
  notifier.then(use, (error: unknown) => {
    notifier = undefined; // a failed chunk load (e.g. a redeploy) is retried on the next notification
    console.error("Could not load notifications", error);
  });
}

export const notificationProvider: NotificationProvider = {
  open: (params) => withNotifier((module) => module.open(params)),
  close: (key) => withNotifier((module) => module.close(key)),
};
