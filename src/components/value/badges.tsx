// Status and flag badges: antd's Tag. Colours come from kit.css (not antd's presets, whose orange and
// green text falls under the 4.5:1 contrast axe asks for at tag size).
import type { ReactNode } from "react";
import classNames from "classnames";
import { Tag } from "antd";
import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { Hint } from "@/components/value/hint";
import "@/styles/kit.css";

export type BadgeTone = "success" | "error" | "warning" | "info" | "neutral" | "purple" | "cyan";

/** Tones, plus the antd colour names screens are used to writing. */
export type BadgeColor =
  BadgeTone | "processing" | "default" | "green" | "red" | "volcano" | "orange" | "gold" | "blue" | "geekblue" | "magenta";

const TONE_OF: Record<BadgeColor, BadgeTone> = {
  success: "success",
  error: "error",
  warning: "warning",
  info: "info",
  neutral: "neutral",
  purple: "purple",
  cyan: "cyan",
  processing: "info",
  default: "neutral",
  green: "success",
  red: "error",
  volcano: "error",
  orange: "warning",
  gold: "warning",
  blue: "info",
  geekblue: "info",
  magenta: "purple",
};

export function toneOf(color: BadgeColor | undefined): BadgeTone {
  return (color && TONE_OF[color]) || "neutral";
}

export function Badge({ color, children }: { color?: BadgeColor; children: ReactNode }) {
  const tone = toneOf(color);
  return (
    <Tag className={classNames("kit-tag", `kit-tag--${tone}`)} data-tone={tone}>
      {children}
    </Tag>
  );
}

/** Order status badges: ACTIVE info, DISPUTED warning, COMPLETED success, CANCELLED/REFUNDED error, else neutral. */
const ORDER_STATUS_TONE: Readonly<Record<string, BadgeTone>> = {
  ACTIVE: "info",
  DISPUTED: "warning",
  COMPLETED: "success",
  CANCELLED: "error",
  REFUNDED: "error",
};

export function orderStatusTone(status: string | null | undefined): BadgeTone {
  return (status && Object.hasOwn(ORDER_STATUS_TONE, status) && ORDER_STATUS_TONE[status]) || "neutral";
}

export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge color={orderStatusTone(status)}>{status || "N/A"}</Badge>;
}

export interface FlagBadgeProps {
  value: boolean | null | undefined;
  trueText: ReactNode;
  falseText: ReactNode;
  /** Default success (green). */
  trueColor?: BadgeColor;
  /** Default neutral (grey). */
  falseColor?: BadgeColor;
}

/** A yes/no flag as a badge: Active/Inactive, Verified/Unverified, Featured... */
export function FlagBadge({ value, trueText, falseText, trueColor = "success", falseColor = "neutral" }: FlagBadgeProps) {
  return value ? <Badge color={trueColor}>{trueText}</Badge> : <Badge color={falseColor}>{falseText}</Badge>;
}

/** A verified flag as an icon (users, shops): its name, also shown on hover, says which. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  const label = verified ? "Verified" : "Not verified";
  return (
    <Hint title={label}>
      {verified ? (
        <CheckCircleFilled role="img" aria-label={label} className="kit-verified kit-verified--yes" />
      ) : (
        <CloseCircleOutlined role="img" aria-label={label} className="kit-verified kit-verified--no" />
      )}
    </Hint>
  );
}
