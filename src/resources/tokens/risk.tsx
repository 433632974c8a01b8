// The Risk column (beyond the core API): how the server last judged a token's mint on chain, with its
// words on hover. An API with only the core calls sends no `risk` on its tokens: the screen then
// leaves the column out. Also the words the modals' mint reports share (risk-report.tsx,
// mint-lookup.tsx).
import { Badge, type BadgeTone } from "@/components/value/badges";
import { Hint } from "@/components/value/hint";
import type { MintRiskVerdict, Token, TokenRisk } from "@contract";

const VERDICT: Record<MintRiskVerdict, { label: string; tone: BadgeTone }> = {
  ok: { label: "Checked", tone: "success" },
  warn: { label: "Warnings", tone: "warning" },
  // A listed token judged "reject" was flagged by a later check (its mint changed since it was added).
  reject: { label: "Flagged", tone: "error" },
  unverified: { label: "Unverified", tone: "neutral" },
};

export const PROGRAM_LABEL = { "spl-token": "SPL Token", "token-2022": "Token-2022" } as const;

/** A check's refusals or warnings: one as text, several as a list. */
export function Lines({ items }: { items: readonly string[] }) {
  return items.length === 1 ? (
    items[0]
  ) : (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export const riskLabel = (risk: TokenRisk | null | undefined) => (risk ? VERDICT[risk.verdict].label : "Not checked");

/** Whether the API reports risks at all (with only the core calls, tokens have no `risk`). */
export const reportsRisk = (tokens: readonly Token[]) => tokens.some((token) => token.risk !== undefined);

export function RiskBadge({ risk }: { risk: TokenRisk | null | undefined }) {
  const badge = <Badge color={risk ? VERDICT[risk.verdict].tone : "neutral"}>{riskLabel(risk)}</Badge>;
  if (!risk?.summary) return badge;
  return (
    <Hint title={risk.summary}>
      <span tabIndex={0}>{badge}</span>
    </Hint>
  );
}
