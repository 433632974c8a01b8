// Initialized with the configuration, or Not Initialized with the Action Required notice.
import type { ReactNode } from "react";
import { Alert, Card } from "antd";
import { AccessButton } from "@/components/access/access-button";
import { CheckCircleFilled, ExclamationCircleFilled, RocketOutlined } from "@ant-design/icons";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { FlagBadge } from "@/components/value/badges";
import { middle, secondsToDays } from "@/utils/format";
import type { MarketplaceStatus } from "@contract";

export interface StatusCardProps {
  status: MarketplaceStatus;
  onInitialize: () => void;
  initializing: boolean;
}

function daysText(seconds: number): string {
  const days = secondsToDays(seconds);
  return `${days.toLocaleString("en-US")} ${days === 1 ? "day" : "days"}`;
}

function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="marketplace-field">
      <dt className="marketplace-field__label">{label}</dt>
      <dd className="marketplace-field__value">
        {children}
        {hint ? <div className="marketplace-field__hint">{hint}</div> : null}
      </dd>
    </div>
  );
}

function Configuration({ status }: { status: MarketplaceStatus }) {
  // A missing `cluster` (an API without that field) means the console's cluster; an explicit null
  // (a chain on no public network) means no explorer link.
  const cluster = status.cluster;
  const shortKey = (value?: string | null) => middle(value, SHORTEN.mintHead, SHORTEN.mintHead);
  const limit = status.disputeResolutionLimit;
  return (
    <dl className="marketplace-fields">
      <Field label="Config Address">
        <Address value={status.configPDA} display={shortKey(status.configPDA)} cluster={cluster} />
      </Field>
      <Field label="Authority Wallet">
        <Address value={status.authority} display={shortKey(status.authority)} cluster={cluster} />
      </Field>
      <Field label="Dispute Resolution Limit" hint={limit == null ? undefined : `${limit.toLocaleString("en-US")} seconds`}>
        {limit == null ? "N/A" : daysText(limit)}
      </Field>
      <Field label="Report Threshold" hint="Number of reports before action">
        {status.reportThreshold ?? "N/A"}
      </Field>
    </dl>
  );
}

export function StatusCard({ status, onInitialize, initializing }: StatusCardProps) {
  const { initialized } = status;
  return (
    <Card title="Initialization Status" className="marketplace-card">
      <div className="marketplace-state">
        {initialized ? (
          <CheckCircleFilled className="marketplace-state__icon marketplace-state__icon--ok" aria-hidden />
        ) : (
          <ExclamationCircleFilled className="marketplace-state__icon marketplace-state__icon--todo" aria-hidden />
        )}
        <div>
          <FlagBadge value={initialized} trueText="Initialized" falseText="Not Initialized" falseColor="warning" />
          <p className="marketplace-state__hint">
            {initialized ? "Marketplace is ready for escrow transactions" : "Marketplace must be initialized before use"}
          </p>
        </div>
      </div>

      {initialized ? (
        <Configuration status={status} />
      ) : (
        <Alert
          className="marketplace-action"
          type="warning"
          showIcon
          message="Action Required"
          description={
            <>
              <p className="marketplace-action__text">
                The marketplace configuration does not exist on chain yet. Disputes are resolved and escrows paid out without it: the
                marketplace authority signs those transactions either way. Initializing records the dispute resolution limit and the report
                threshold on chain, once; the limit gives each open dispute its deadline in Orders.
              </p>
              <AccessButton
                access={{ resource: "marketplace", action: "initialize" }}
                type="primary"
                icon={<RocketOutlined />}
                loading={initializing}
                onClick={onInitialize}
              >
                Initialize Marketplace
              </AccessButton>
            </>
          }
        />
      )}
    </Card>
  );
}
