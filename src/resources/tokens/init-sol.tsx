// 'Init SOL': adds native SOL to the whitelist (POST /tokens/admin/initialize-sol, no body). The
// server answers 409 once SOL is listed; its message is what the admin sees then.
import { useState } from "react";
import { Button } from "antd";
import { ThunderboltOutlined } from "@ant-design/icons";
import { useInvalidate, useNotification } from "@refinedev/core";
import { initializeSol } from "@/providers/api";
import type { ApiHttpError } from "@/providers/http";

export const INIT_SOL_SUCCESS = "SOL added to the token whitelist";
export const INIT_SOL_FAILURE = "Could not initialize SOL";

export function InitSolButton() {
  const [pending, setPending] = useState(false);
  const invalidate = useInvalidate();
  const { open } = useNotification();

  const onClick = async () => {
    setPending(true);
    try {
      await initializeSol();
      // Refine's convention (see the notifier): `description` is the heading, `message` the text.
      open?.({ key: "init-sol", type: "success", description: "Init SOL", message: INIT_SOL_SUCCESS });
    } catch (error) {
      const { serverMessage, message } = error as ApiHttpError;
      open?.({ key: "init-sol", type: "error", description: INIT_SOL_FAILURE, message: serverMessage ?? message });
    } finally {
      setPending(false);
    }
    // Either way the list is worth re-reading: a 409 means SOL is there, maybe on another page.
    await invalidate({ resource: "tokens", invalidates: ["list"] });
  };

  return (
    <Button icon={<ThunderboltOutlined />} loading={pending} onClick={() => void onClick()}>
      Init SOL
    </Button>
  );
}
