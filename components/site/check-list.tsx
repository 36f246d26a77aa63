import { Editable } from '@/components/edit-mode/editable';
import { Icon } from './sprite-icon';

/** A bulleted list with green check marks, the site's way of listing features. */
export function CheckList({
  items,
  className = 'mt-4 space-y-2',
  small = false,
  itemPath,
}: {
  items: string[];
  className?: string;
  small?: boolean;
  /** The content path of each item, for inline edit mode. */
  itemPath?: (index: number) => string;
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={item} className={`flex items-start gap-2 text-slate-700 ${small ? 'text-sm' : ''}`}>
          <Icon name="circle-check" className={`mt-0.5 shrink-0 text-green-700 ${small ? 'size-4' : 'size-5'}`} />
          {itemPath ? <Editable path={itemPath(index)}>{item}</Editable> : item}
        </li>
      ))}
    </ul>
  );
}
