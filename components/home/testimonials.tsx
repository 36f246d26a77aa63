import { SectionHeading } from '@/components/site/section-heading';
import { Icon } from '@/components/site/sprite-icon';
import type { SiteContent } from '@/lib/content/schema';
import { Editable } from '@/components/edit-mode/editable';

export function Testimonials({ testimonials }: { testimonials: SiteContent['testimonials'] }) {
  return (
    <section aria-labelledby="testimonials-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          title={testimonials.title}
          subtitle={testimonials.subtitle}
          editPath="testimonials"
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.reviews.map((review, i) => (
            <li key={review.id}>
              <figure className="card flex h-full flex-col">
                {/* One star per rating point (spec); their classes are set once, on the row. */}
                <p
                  className="flex gap-1 text-amber-500 *:size-5 *:fill-amber-400"
                  role="img"
                  aria-label={`Rated ${review.rating} out of 5`}
                >
                  {Array.from({ length: review.rating }, (_, i) => (
                    <Icon key={i} name="star" />
                  ))}
                </p>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  “
                  <Editable path={`testimonials.reviews.${i}.text`} multiline>
                    {review.text}
                  </Editable>
                  ”
                </blockquote>
                <figcaption className="mt-4">
                  <span className="text-brand-900 block font-semibold">
                    <Editable path={`testimonials.reviews.${i}.name`}>{review.name}</Editable>
                  </span>
                  <span className="text-sm text-slate-600">
                    <Editable path={`testimonials.reviews.${i}.location`}>{review.location}</Editable>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
