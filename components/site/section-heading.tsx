import { Editable } from '@/components/edit-mode/editable';

export function SectionHeading({
  id,
  title,
  subtitle,
  light = false,
  editPath,
}: {
  id: string;
  title: string;
  subtitle?: string;
  light?: boolean;
  /** The content section holding `title` and `subtitle`, for inline edit mode. */
  editPath?: string;
}) {
  return (
    <div className="mx-auto mb-12 max-w-3xl text-center">
      <h2 id={id} className={`text-3xl font-bold tracking-tight sm:text-4xl ${light ? 'text-white' : 'text-brand-900'}`}>
        {editPath ? <Editable path={`${editPath}.title`}>{title}</Editable> : title}
      </h2>
      {subtitle && (
        <p className={`mt-4 text-lg ${light ? 'text-brand-100' : 'text-slate-600'}`}>
          {editPath ? (
            <Editable path={`${editPath}.subtitle`} multiline>
              {subtitle}
            </Editable>
          ) : (
            subtitle
          )}
        </p>
      )}
    </div>
  );
}
