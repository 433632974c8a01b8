// 'Init SOL': adds native SOL to the whitelist (POST /tokens/admin/initialize-sol, no body). The
// server answers 409 once SOL is listed; its message is what the admin sees then.
import { AccessButton } from "@/components/access/access-button";
import { ThunderboltOutlined } from "@ant-design/icons";
import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import type { Token } from "@contract";
import { endpoints } from "@/providers/endpoints";

export const INIT_SOL_SUCCESS = "SOL added to the token whitelist";
export const INIT_SOL_FAILURE = "Could not initialize SOL";

export function InitSolButton() {
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<Token, HttpError, undefined>();

  const onClick = () =>
    mutate(
      {
        url: endpoints.tokenInitializeSol,
        method: "post",
        // No body on purpose: axios then sends no JSON content type either.
        values: undefined,
        // Refine's convention (see the notifier): `description` is the heading, `message` the text.
        successNotification: { key: "init-sol", type: "success", description: "Init SOL", message: INIT_SOL_SUCCESS },
        errorNotification: (error) => ({ key: "init-sol", type: "error", description: INIT_SOL_FAILURE, message: error?.message ?? "" }),
      },
      // Either way the list is worth re-reading: a 409 means SOL is there, maybe on another page.
      { onSettled: () => void invalidate({ resource: "tokens", invalidates: ["list"] }) },
    );

  return (
    <AccessButton
      access={{ resource: "tokens", action: "create" }}
      icon={<ThunderboltOutlined />}
      loading={mutation.isPending}
      onClick={onClick}
    >
      Init SOL
    </AccessButton>
  );
}
