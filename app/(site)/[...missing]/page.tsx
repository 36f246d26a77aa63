import { notFound } from 'next/navigation';

/** Unknown public URLs render the site's own 404 inside the header and footer. */
export default function Missing() {
  notFound();
}
