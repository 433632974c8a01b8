// The icon of each console section, by the name its resource declares in the registry
// (contract/resources/): a new name is a new line here (see section-icon.tsx for why this module is
// separate).
import {
  ApiOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  DollarCircleOutlined,
  HistoryOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TransactionOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import type { RESOURCES } from "@contract/resources";

const glyphs = {
  dashboard: DashboardOutlined,
  tokens: DollarCircleOutlined,
  users: TeamOutlined,
  products: AppstoreOutlined,
  shops: ShopOutlined,
  orders: ShoppingCartOutlined,
  settlements: TransactionOutlined,
  screening: SafetyCertificateOutlined,
  activity: HistoryOutlined,
  marketplace: SettingOutlined,
  team: UsergroupAddOutlined,
  webhooks: ApiOutlined,
} as const;

export type SectionIconName = keyof typeof glyphs;

// Fails to compile ("'false' does not satisfy the constraint 'true'") while a resource of the
// registry names an icon that has no glyph here.
type IsTrue<T extends true> = T;
export type EveryDeclaredIconHasAGlyph = IsTrue<Exclude<(typeof RESOURCES)[number]["icon"], SectionIconName> extends never ? true : false>;

export default function SectionGlyph({ name, className }: { name: SectionIconName; className?: string }) {
  const Glyph = glyphs[name];
  return <Glyph className={className} />;
}
