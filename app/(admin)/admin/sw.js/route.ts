import { ADMIN_SCOPE } from '@/lib/push/admin-app';
import { SERVICE_WORKER_SCRIPT } from '@/lib/push/service-worker-script';

/** The admin's service worker (lead alerts), its scope widened to /admin itself (the Overview). */
export function GET() {
  return new Response(SERVICE_WORKER_SCRIPT, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Service-Worker-Allowed': ADMIN_SCOPE,
      'Cache-Control': 'no-cache',
    },
  });
}
