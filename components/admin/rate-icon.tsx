import { Banknote, Building, Percent, TrendingUp, type LucideIcon } from 'lucide-react';
import type { RateIcon } from '@/lib/rates/schema';

const icons: Record<RateIcon, LucideIcon> = { Building, TrendingUp, Banknote, Percent };

/**
 * The icon chosen for a rate, previewed in the admin. Lucide's own components: admin pages have no
 * icon sprite (that is the public pages' way to keep their HTML small, see components/site/sprite-icon.tsx).
 */
export function RateIconPreview({ name, className }: { name: RateIcon; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
