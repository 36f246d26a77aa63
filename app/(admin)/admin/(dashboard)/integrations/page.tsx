import type { Metadata } from 'next';
import { TextAlertsSection } from '@/components/admin/integrations/text-alerts-section';
import { WebhooksSection } from '@/components/admin/integrations/webhooks-section';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';

export const metadata: Metadata = { title: sectionTitle('Integrations') };

/** Integrations (owner only): the broker's text alerts, and the webhooks that feed other tools. */
export default async function IntegrationsPage() {
  const context = await adminPageContext('security');
  return (
    <div className="space-y-12">
      <TextAlertsSection db={context.db} />
      <WebhooksSection context={context} />
    </div>
  );
}
