/**
 * The admin as an installable app with push alerts: where its service worker and manifest are
 * served, the scope both cover (the admin only: the public site never registers a worker), and
 * its icons. proxy.ts serves the two files without a session (a browser fetches the manifest
 * without cookies, and a worker update may come from a signed-out browser): they hold nothing secret.
 */
export const ADMIN_SCOPE = '/admin';
export const SERVICE_WORKER_PATH = '/admin/sw.js';
export const MANIFEST_PATH = '/admin/manifest.webmanifest';
export const ADMIN_APP_FILES: readonly string[] = [SERVICE_WORKER_PATH, MANIFEST_PATH];

export const ADMIN_ICONS = {
  small: '/icons/admin-192.png',
  large: '/icons/admin-512.png',
  maskable: '/icons/admin-maskable-512.png',
} as const;

/** The brand navy of the site's icon and theme colour. */
export const ADMIN_THEME_COLOR = '#1e3a5f';
