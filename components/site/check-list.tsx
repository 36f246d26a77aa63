import { Editable } from '@/components/edit-mode/editable';
import { Icon } from './sprite-icon';

/**
 * A bulleted list with green check marks, the site's way of listing features. The items' and
 * icons' classes are on the list (`.check-list` in app/globals.css), not repeated on every item.
 */
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
    <ul className={small ? `check-list check-list-small ${className}` : `check-list ${className}`}>
      {items.map((item, index) => (
        <li key={item}>
          <Icon name="circle-check" />
          {itemPath ? <Editable path={itemPath(index)}>{item}</Editable> : item}
        </li>
      ))}
    </ul>
  );
}
