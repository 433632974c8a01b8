// The icon of each console section (see section-icon.tsx for why this module is separate).
import {
  AppstoreOutlined,
  DashboardOutlined,
  DollarCircleOutlined,
  HistoryOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TransactionOutlined,
} from "@ant-design/icons";

const glyphs = {
  dashboard: DashboardOutlined,
  tokens: DollarCircleOutlined,
  users: TeamOutlined,
  products: AppstoreOutlined,
  shops: ShopOutlined,
  orders: ShoppingCartOutlined,
  settlements: TransactionOutlined,
  activity: HistoryOutlined,
  marketplace: SettingOutlined,
} as const;

export type SectionIconName = keyof typeof glyphs;

export default function SectionGlyph({ name, className }: { name: SectionIconName; className?: string }) {
  const Glyph = glyphs[name];
  return <Glyph className={className} />;
}
