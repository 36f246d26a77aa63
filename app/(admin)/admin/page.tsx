import { redirect } from 'next/navigation';

/**
 * /admin opens the first section until the dashboard has an overview of its own. It sits outside
 * the (dashboard) group so the redirect is a plain 307: under the dashboard's layout the response
 * would already be streaming, and a browser without JavaScript would be left on an error page.
 */
export default function AdminPage() {
  redirect('/admin/content');
}
