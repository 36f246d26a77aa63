import { SiteImage } from '@/components/site/site-image';
import type { OfficerProfile } from '@/lib/officers/types';

/** The initials shown in place of a photo: 'Jane Q. Doe' → 'JD'. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? words.at(-1)![0] : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * An officer's photo from the media library, square, on the server (no image script); without
 * one, their initials. The name is beside it on every page, so the image adds no words (alt "").
 */
export function OfficerPhoto({
  officer,
  size,
  preload = false,
}: {
  officer: Pick<OfficerProfile, 'displayName' | 'photo'>;
  size: 'card' | 'profile';
  preload?: boolean;
}) {
  const box = size === 'card' ? 'size-28' : 'size-48';
  if (!officer.photo)
    return (
      <span
        aria-hidden="true"
        className={`${box} bg-brand-100 text-brand-800 flex shrink-0 items-center justify-center rounded-full text-3xl font-bold`}
      >
        {initials(officer.displayName)}
      </span>
    );
  return (
    <SiteImage
      src={officer.photo.url}
      alt=""
      width={400}
      height={400}
      sizes={size === 'card' ? '112px' : '192px'}
      preload={preload}
      className={`${box} shrink-0 rounded-full object-cover`}
    />
  );
}
