import type { SiteContent } from '@/lib/content/schema';

export function Stats({ stats }: { stats: SiteContent['stats'] }) {
  return (
    <section aria-label="Our record" className="bg-brand-700 py-10 text-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 sm:px-6 md:grid-cols-4 lg:px-8">
        {stats.items.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse text-center">
            <dt className="text-brand-100 mt-1 text-sm">{stat.label}</dt>
            <dd className="text-3xl font-bold sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
