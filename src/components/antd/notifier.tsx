// The antd side of the notification provider, loaded on the first notification so the root bundle
// stays free of antd (see notification-provider.ts). Same rendering as
// @refinedev/antd's provider: the text is the description, undoable actions get a countdown.
import { Button, notification, Progress } from "antd";
import { UndoOutlined } from "@ant-design/icons";
import type { OpenNotificationParams } from "@refinedev/core";
import "./setup";

const UNDO_SECONDS_TO_PERCENT = 20; // Refine counts down from 5 s.

function Undoable({ message, undoableTimeout, onUndo }: { message: string; undoableTimeout?: number; onUndo: () => void }) {
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 8, marginTop: -7 }}>
      <Progress
        type="circle"
        size={50}
        percent={(undoableTimeout ?? 0) * UNDO_SECONDS_TO_PERCENT}
        format={(percent) => (percent ? percent / UNDO_SECONDS_TO_PERCENT : 0)}
      />
      <span style={{ flex: 1 }}>{message}</span>
      <Button aria-label="Undo" icon={<UndoOutlined />} disabled={undoableTimeout === 0} onClick={onUndo} />
    </div>
  );
}

export function open({ key, message, description, type, cancelMutation, undoableTimeout }: OpenNotificationParams) {
  if (type === "progress") {
    notification.open({
      key,
      message: null,
      duration: 0,
      closeIcon: false,
      description: (
        <Undoable
          message={message}
          undoableTimeout={undoableTimeout}
          onUndo={() => {
            cancelMutation?.();
            if (key) notification.destroy(key);
          }}
        />
      ),
    });
    return;
  }
  notification.open({ key, type, message: description ?? message, description: description ? message : undefined });
}

export function close(key: string) {
  notification.destroy(key);
}
