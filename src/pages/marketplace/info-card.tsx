// An info card that explains the fields and says initialization is one-time only.
import { Card } from "antd";
import { SECONDS_PER_DAY } from "@/config";

export function InfoCard() {
  return (
    <Card title="About the configuration" className="marketplace-card marketplace-info">
      <dl className="marketplace-info__list">
        <dt>Config Address</dt>
        <dd>The on-chain account (a program-derived address) that holds the marketplace settings.</dd>
        <dt>Authority Wallet</dt>
        <dd>The admin wallet that controls the marketplace and signs dispute resolutions.</dd>
        <dt>Dispute Resolution Limit</dt>
        <dd>How long a dispute may stay open, shown in days (seconds divided by {SECONDS_PER_DAY.toLocaleString("en-US")}).</dd>
        <dt>Report Threshold</dt>
        <dd>The number of reports before action is taken on a listing.</dd>
      </dl>
      <p className="marketplace-info__once">
        <strong>Initialization is one-time only.</strong> It creates the configuration on chain and cannot be repeated or undone. The
        authority wallet that signs it must be configured as an admin wallet first.
      </p>
    </Card>
  );
}
