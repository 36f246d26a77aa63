import { ADMIN_ICONS, ADMIN_SCOPE, ADMIN_THEME_COLOR } from '@/lib/push/admin-app';

/** The admin's web app manifest: installed, it opens the dashboard in its own window. */
export function GET() {
  const manifest = {
    id: ADMIN_SCOPE,
    name: 'Construction Loan Pros Admin',
    short_name: 'CLP Admin',
    description: 'Leads, alerts and site content of Construction Loan Pros.',
    start_url: ADMIN_SCOPE,
    scope: ADMIN_SCOPE,
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: ADMIN_THEME_COLOR,
    icons: [
      { src: ADMIN_ICONS.small, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ADMIN_ICONS.large, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ADMIN_ICONS.maskable, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
