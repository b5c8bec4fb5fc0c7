import {
  Activity,
  BookOpen,
  Boxes,
  Braces,
  Building2,
  Cable,
  CircleAlert,
  Coins,
  Database,
  FileText,
  FlaskConical,
  KeyRound,
  Landmark,
  Layers,
  type LucideIcon,
  PieChart,
  Plug,
  Receipt,
  Rocket,
  Scale,
  Server,
  ShieldCheck,
  Ticket,
  Users,
  Wallet,
  Webhook,
  Workflow,
} from "lucide-react";

/**
 * The icons pages may name in their frontmatter (`icon: Rocket`). A fixed list rather than
 * every lucide icon, so the site ships only the ones it shows.
 */
export const ICONS: Record<string, LucideIcon> = {
  Activity,
  BookOpen,
  Boxes,
  Braces,
  Building2,
  Cable,
  CircleAlert,
  Coins,
  Database,
  FileText,
  FlaskConical,
  KeyRound,
  Landmark,
  Layers,
  PieChart,
  Plug,
  Receipt,
  Rocket,
  Scale,
  Server,
  ShieldCheck,
  Ticket,
  Users,
  Wallet,
  Webhook,
  Workflow,
};

export function Icon({ name, className }: { name: string | undefined; className?: string }) {
  const Component = name ? ICONS[name] : undefined;
  if (!Component) return null;
  return <Component aria-hidden="true" className={className} />;
}
