import { redirect } from 'next/navigation';

/** /admin opens the first section until the dashboard has an overview of its own. */
export default function AdminPage() {
  redirect('/admin/content');
}
