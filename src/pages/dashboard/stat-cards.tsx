// The dashboard's six user statistics, each falling back to 0 when the API leaves it out.
// Plain markup (dashboard.css, on kit.css's panel): antd's Card and Statistic bring Tabs, Skeleton and form code along.
import type { ComponentType, CSSProperties } from "react";
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CrownOutlined,
  StopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from "@ant-design/icons";
import type { UserStats } from "@contract";
import "@/styles/kit.css";

interface StatDefinition {
  key: keyof UserStats;
  title: string;
  Icon: ComponentType;
  color: string;
}

export const STATS: StatDefinition[] = [
  { key: "totalUsers", title: "Total Users", Icon: TeamOutlined, color: "#7c3aed" },
  { key: "verifiedUsers", title: "Verified Users", Icon: CheckCircleOutlined, color: "#16a34a" },
  { key: "disabledUsers", title: "Disabled Users", Icon: StopOutlined, color: "#dc2626" },
  { key: "activeUsers", title: "Active Users", Icon: ThunderboltOutlined, color: "#0284c7" },
  { key: "recentUsers", title: "Recent Users (last 30 days)", Icon: ClockCircleOutlined, color: "#d97706" },
  { key: "adminUsers", title: "Admin Users", Icon: CrownOutlined, color: "#9333ea" },
];

const numberFormat = new Intl.NumberFormat("en-US");

function valueOf(stats: Partial<UserStats> | undefined, key: keyof UserStats): number {
  const value = stats?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

export function StatCards({ stats }: { stats: Partial<UserStats> | undefined }) {
  return (
    <div className="stat-grid">
      {STATS.map(({ key, title, Icon, color }) => (
        <section key={key} className="stat-card kit-panel" aria-label={title} style={{ "--stat-color": color } as CSSProperties}>
          <span className="stat-card__icon" aria-hidden="true">
            <Icon />
          </span>
          <div>
            <h2 className="stat-card__title">{title}</h2>
            <p className="stat-card__value" data-testid={`stat-${key}`}>
              {numberFormat.format(valueOf(stats, key))}
            </p>
          </div>
        </section>
      ))}
    </div>
  );
}

/**
 * The six cards' places while the statistics load, each the size of its card: what is below (the
 * charts) stays where it is when the numbers come (no layout shift).
 */
export function StatCardsLoading() {
  return (
    <div className="stat-grid" role="status" aria-label="Loading user statistics">
      {STATS.map(({ key, title, Icon, color }) => (
        <div key={key} className="stat-card kit-panel" aria-hidden="true" style={{ "--stat-color": color } as CSSProperties}>
          <span className="stat-card__icon">
            <Icon />
          </span>
          <div>
            <p className="stat-card__title">{title}</p>
            <p className="stat-card__value">
              <span className="stat-card__placeholder" />
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
