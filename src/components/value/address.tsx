// A key or signature as the screens show it (the caller picks its SHORTEN length through `display`):
// the full value in a tooltip, a copy button and, on a public cluster, an explorer link.
import classNames from "classnames";
import { explorerUrl, type ExplorerKind } from "@/utils/explorer";
import { ExportOutlined } from "@ant-design/icons";
import { CopyButton } from "@/components/value/copy-button";
import { Hint } from "@/components/value/hint";
import "@/styles/kit.css";

export interface AddressProps {
  /** The full address or signature. Empty shows 'N/A'. */
  value: string | null | undefined;
  /** The shortened text to show; the full value when omitted. */
  display?: string;
  kind?: ExplorerKind;
  /** The cluster the value lives on; undefined = the console's cluster, null = none (no link). */
  cluster?: string | null;
  className?: string;
}

const COPY_LABEL: Record<ExplorerKind, string> = { address: "Copy address", tx: "Copy signature" };

export function Address({ value, display, kind = "address", cluster, className }: AddressProps) {
  if (!value) return <span className={className}>N/A</span>;
  const url = explorerUrl(value, kind, cluster);
  return (
    <span className={classNames("kit-address", className)}>
      <Hint title={value}>
        {/* Focusable so keyboard users can reach the hint with the full value. */}
        <span className="kit-address__text" tabIndex={0}>
          {display || value}
        </span>
      </Hint>
      <CopyButton value={value} label={COPY_LABEL[kind]} />
      {url ? (
        <a
          className="kit-explorer-link"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="View on Solana Explorer"
          title="View on Solana Explorer"
        >
          <ExportOutlined aria-hidden />
        </a>
      ) : null}
    </span>
  );
}
