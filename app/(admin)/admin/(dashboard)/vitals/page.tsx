import type { Metadata } from 'next';
import { sectionTitle } from '@/lib/admin/sections';
import { SiteSpeedPanel } from '@/components/admin/vitals/site-speed-panel';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { DEVICE_CLASSES, type DeviceClass } from '@/lib/vitals/metrics';
import { readSiteSpeed } from '@/lib/vitals/queries.server';

export const metadata: Metadata = { title: sectionTitle('Site Speed') };

/** /admin/vitals?device=mobile|desktop: real visitors' Web Vitals (lib/vitals/). */
export default async function SiteSpeedPage({ searchParams }: { searchParams: Promise<{ device?: string | string[] }> }) {
  const { db } = await adminPageContext('vitals');
  const { device } = await searchParams;
  const chosen = (DEVICE_CLASSES as readonly string[]).includes(String(device)) ? (device as DeviceClass) : null;
  return <SiteSpeedPanel speed={await readSiteSpeed(db, { now: new Date(), device: chosen })} />;
}
