import { CheckCircle2 } from 'lucide-react';

/** A bulleted list with green check marks, the site's way of listing features. */
export function CheckList({
  items,
  className = 'mt-4 space-y-2',
  small = false,
}: {
  items: string[];
  className?: string;
  small?: boolean;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={`flex items-start gap-2 text-slate-700 ${small ? 'text-sm' : ''}`}>
          <CheckCircle2 aria-hidden="true" className={`mt-0.5 shrink-0 text-green-700 ${small ? 'size-4' : 'size-5'}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
