import { Banknote, Building, Hammer, Home, Map, MapPin, Percent, TrendingUp, User, Wrench, type LucideIcon } from 'lucide-react';
import type { LoanIcon, RateIcon } from '@/lib/content/schema';

/** The spec's icon names are lucide's; rendered on the server, so they cost no JavaScript. */
const icons: Record<LoanIcon | RateIcon, LucideIcon> = {
  Home,
  Wrench,
  User,
  Map,
  Hammer,
  MapPin,
  Building,
  TrendingUp,
  Banknote,
  Percent,
};

export function NamedIcon({ name, className }: { name: LoanIcon | RateIcon; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
