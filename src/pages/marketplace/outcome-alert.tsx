// The initialization's success or failure, shown above the status for ALERT_DURATION_MS.
import { Alert } from "antd";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { head } from "@/utils/format";
import { INITIALIZE_SUCCESS, type InitializeOutcome } from "./use-initialize";

export function OutcomeAlert({ outcome }: { outcome?: InitializeOutcome }) {
  if (!outcome) return null;
  if (outcome.type === "error") {
    return <Alert className="marketplace-alert" type="error" showIcon message={outcome.message} />;
  }
  const { signature, cluster } = outcome;
  return (
    <Alert
      className="marketplace-alert"
      type="success"
      showIcon
      message={INITIALIZE_SUCCESS}
      description={
        signature ? (
          <span>
            Transaction: <Address value={signature} display={head(signature, SHORTEN.signature)} kind="tx" cluster={cluster ?? undefined} />
          </span>
        ) : undefined
      }
    />
  );
}
