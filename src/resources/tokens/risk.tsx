// The Risk column (beyond SPEC): how the server last judged a token's mint on chain, with its words
// on hover. A SPEC-only API sends no `risk` on its tokens: the screen then leaves the column out.
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

export const riskLabel = (risk: TokenRisk | null | undefined) => (risk ? VERDICT[risk.verdict].label : "Not checked");

/** Whether the API reports risks at all (a SPEC-only API's tokens have no `risk` field). */
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
