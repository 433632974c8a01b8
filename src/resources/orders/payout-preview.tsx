// Beyond the core API: what a dispute resolution would pay, before it is confirmed. The resolve body
// is sent to POST /admin/orders/{id}/resolve-dispute/preview (a simulation of the very transaction,
// nothing sent) once the admin pauses; a failing simulation blocks the confirmation and says why. An
// API without the call (404) hides the preview without a word, and the console stops asking for the
// rest of the session; the form works without it.
import { useEffect, useState } from "react";
import { Alert, Descriptions } from "antd";
import { useCustom, type HttpError } from "@refinedev/core";
import { errorMessage } from "@/components/list/list-error";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { Amount, PayoutAmount } from "@/components/value/amount";
import { Hint } from "@/components/value/hint";
import { LoadingStatus } from "@/components/loading-status";
import { formatScreenedAgainst, shortWallet, SOL_CURRENCY } from "@/utils/format";
import type { PayoutPreview, ResolveDisputeRequest } from "@contract";

/** The resolve body; its notes may be left out (not written yet). */
export type PreviewBody = Omit<ResolveDisputeRequest, "adminNotes"> & { adminNotes?: string };

/** How long the form must stay unchanged before its body is previewed. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** `value` (plain data), once it has stayed the same (by its JSON) for `ms`. */
function useSettled<T>(value: T | undefined, ms: number): T | undefined {
  const [settled, setSettled] = useState(value);
  const key = value === undefined ? "" : JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key === "" ? undefined : (JSON.parse(key) as T)), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export interface PayoutPreviewState {
  /** False when the API has no preview call: show nothing. */
  available: boolean;
  /** The preview of `body` (undefined while it is asked, or when it could not be had). */
  preview: PayoutPreview | undefined;
  loading: boolean;
  /** Why the preview could not be had (other than a missing call). */
  error: HttpError | null;
  /** The simulation of this very body fails: the resolution must not be confirmed. */
  blocked: boolean;
}

/**
 * The preview of `body` (the resolve body, notes optional; undefined while the form does not make a valid one),
 * asked `PREVIEW_DEBOUNCE_MS` after the last change.
 */
export function usePayoutPreview(orderId: string, body: PreviewBody | undefined): PayoutPreviewState {
  const unavailable = useKnownMissing("resolveDisputePreview");
  const settled = useSettled(body, PREVIEW_DEBOUNCE_MS);
  const current = body !== undefined && JSON.stringify(settled) === JSON.stringify(body);

  const { query } = useCustom<PayoutPreview, HttpError, unknown, PreviewBody | undefined>({
    url: endpoints.resolveDisputePreview(orderId),
    method: "post",
    config: { payload: settled },
    errorNotification: false,
    queryOptions: {
      enabled: settled !== undefined && !unavailable,
      // A simulation reads the chain as it is now.
      staleTime: 0,
      gcTime: 60_000,
    },
  });

  const notFound = useRememberMissing("resolveDisputePreview", query.error);

  const preview = current && !query.isPlaceholderData ? query.data?.data : undefined;
  return {
    available: !unavailable && !notFound,
    preview,
    loading: body !== undefined && (!current || query.isFetching),
    error: current && query.isError ? query.error : null,
    // A listed party: the server refuses the payout (409), so the form does not offer it.
    blocked: preview?.simulation.ok === false || (preview?.screening?.listed.length ?? 0) > 0,
  };
}

const PARTY_LABEL = { buyer: "Buyer receives", seller: "Seller receives" } as const;

// What the preview's rentLamports is (server/settlement/chain.ts, previewSettlement): the rent-exempt
// minimum of each recipient's token account the payout must create, which the authority pays.
const RENT_LABEL = "Token account rent (paid by the authority)";
const RENT_HINT =
  "The rent-exempt deposit of the buyer's or seller's token account, which this transaction creates because it does not exist yet. The marketplace authority pays it, not the escrow: the payouts are not reduced by it. 0 when the accounts exist.";

const PARTY_NAME = { buyer: "buyer", seller: "seller" } as const;

/** Beyond the core API: what the parties were screened against, and a listed one's refusal. */
function ScreeningNote({ screening }: { screening: NonNullable<PayoutPreview["screening"]> }) {
  return (
    <>
      <p className="payout-preview__muted payout-preview__screening">{formatScreenedAgainst(screening)}</p>
      {screening.listed.length ? (
        <Alert
          type="error"
          showIcon
          className="payout-preview__failure"
          message="This payout will be refused: a party is on a screening list"
          description={screening.listed
            .map(
              (hit) =>
                `The ${PARTY_NAME[hit.party]} wallet ${shortWallet(hit.wallet)} is on ${hit.list}${hit.entryId ? ` (entry ${hit.entryId})` : ""}.`,
            )
            .join(" ")}
        />
      ) : null}
    </>
  );
}

/** The payouts of the previewed resolution, the network fee and rent, or why it would fail. */
export function PayoutPreviewPanel({ state }: { state: PayoutPreviewState }) {
  const { available, preview, loading, error } = state;
  if (!available) return null;
  if (!preview && !loading && !error) return null;

  return (
    <section className="payout-preview" aria-label="Payout preview" aria-busy={loading}>
      <h5 className="payout-preview__title">
        Payout preview {loading ? <LoadingStatus label="Simulating the transaction" size="small" inline /> : null}
      </h5>
      {preview ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              ...preview.payouts.map((payout) => ({
                key: payout.party,
                label: PARTY_LABEL[payout.party],
                children: <PayoutAmount className="orders-amount" payout={payout} />,
              })),
              {
                key: "fee",
                label: "Network fee",
                children: (
                  <span className="orders-amount">
                    <Amount value={preview.networkFeeLamports} currency={SOL_CURRENCY} />
                    {preview.priorityFeeLamports ? (
                      <>
                        {" (priority fee "}
                        <Amount value={preview.priorityFeeLamports} currency={SOL_CURRENCY} />
                        {" included)"}
                      </>
                    ) : null}
                  </span>
                ),
              },
              {
                key: "rent",
                label: (
                  <Hint title={RENT_HINT}>
                    <span className="payout-preview__term" tabIndex={0}>
                      {RENT_LABEL}
                    </span>
                  </Hint>
                ),
                children: <Amount className="orders-amount" value={preview.rentLamports} currency={SOL_CURRENCY} />,
              },
            ]}
          />
          {preview.screening ? <ScreeningNote screening={preview.screening} /> : null}
          {preview.simulation.ok ? null : (
            <Alert
              type="error"
              showIcon
              className="payout-preview__failure"
              message="This resolution cannot be confirmed: its transaction would fail"
              description={preview.simulation.error?.trim() || "The simulation failed without saying why."}
            />
          )}
        </>
      ) : error ? (
        <p className="payout-preview__muted" role="status">
          Could not preview the payouts: {errorMessage(error)}
        </p>
      ) : (
        <p className="payout-preview__muted">Simulating the transaction...</p>
      )}
    </section>
  );
}
