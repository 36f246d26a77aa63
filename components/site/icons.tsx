import type { LoanIcon } from '@/lib/content/schema';
import type { RateIcon } from '@/lib/rates/schema';
import { Icon, type IconName } from './sprite-icon';

/** The content's icon names (the spec's, lucide's component names) as sprite icon names. */
const contentIcons: Record<LoanIcon | RateIcon, IconName> = {
  Home: 'house',
  Wrench: 'wrench',
  User: 'user',
  Map: 'map',
  Hammer: 'hammer',
  MapPin: 'map-pin',
  Building: 'building',
  TrendingUp: 'trending-up',
  Banknote: 'banknote',
  Percent: 'percent',
};

/** The sprite icons a page needs for the icons its content names (loan types, rates). */
export const contentIconNames = (names: Iterable<LoanIcon | RateIcon>): IconName[] =>
  [...names].map((name) => contentIcons[name]);

/** An icon the owner picked in the admin; the page's sprite must hold it (see contentIconNames). */
export function NamedIcon({ name, className }: { name: LoanIcon | RateIcon; className?: string }) {
  return <Icon name={contentIcons[name]} className={className} />;
}
