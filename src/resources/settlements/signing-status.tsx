// While an approval or a retry waits on the admin's wallet: what the wallet is being asked for, in
// view above the queue. A hardware wallet shows a transaction to approve; the admin is told it is
// never sent, so that approving it in the wallet is not mistaken for sending funds twice.
import { Alert } from "antd";
import { NEVER_SENT } from "@/providers/transaction-signing";
import { SIGNING_TEXT, type SigningStage } from "../orders/use-decision-signer";

export function SigningStatus({ stage }: { stage: SigningStage }) {
  if (stage === "idle") return null;
  return (
    <Alert
      className="settlements-signing"
      type="info"
      showIcon
      role="status"
      message={SIGNING_TEXT[stage]}
      description={stage === "signingTransaction" ? NEVER_SENT : undefined}
    />
  );
}
