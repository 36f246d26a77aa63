import type { SiteContent } from '@/lib/content/schema';
import { Editable } from '@/components/edit-mode/editable';

export function Stats({ stats }: { stats: SiteContent['stats'] }) {
  return (
    <section aria-label="Our record" className="bg-brand-700 py-10 text-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 sm:px-6 md:grid-cols-4 lg:px-8">
        {stats.items.map((stat, index) => (
          <div key={stat.label} className="flex flex-col-reverse text-center">
            <dt className="text-brand-100 mt-1 text-sm">
              <Editable path={`stats.items.${index}.label`}>{stat.label}</Editable>
            </dt>
            <dd className="text-3xl font-bold sm:text-4xl">
              <Editable path={`stats.items.${index}.value`}>{stat.value}</Editable>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
