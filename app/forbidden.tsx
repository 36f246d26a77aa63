/** What forbidden() renders, with a 403: an admin account opened a section its role does not include. */
export default function Forbidden() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-brand-900 text-2xl font-bold">Not available to your account</h1>
      <p className="mt-4 text-slate-700">Your role does not include this part of the admin. Ask the owner if you need access.</p>
      <p className="mt-6">
        {/* A plain link: next/link here would add its client code to every public page's bundle
            (this file is the root's 403 boundary), and /admin is a route handler anyway. */}
        <a href="/admin" className="text-brand-800 underline underline-offset-2">
          Back to the dashboard
        </a>
      </p>
    </main>
  );
}
