import { getImageProps } from 'next/image';
import { editImage } from '@/components/edit-mode/editable';

/**
 * next/image's sizing and optimisation without its client component: the props are computed on the
 * server and rendered as a plain <img> (the LCP image gets fetchpriority=high), so public pages ship no image JavaScript. SVG illustrations
 * are served as they are; raster images go through the optimiser at the requested sizes.
 */
export function SiteImage({
  src,
  alt,
  width,
  height,
  sizes,
  preload = false,
  className,
  edit,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes?: string;
  preload?: boolean;
  className?: string;
  /** Content paths of the image and its alt text, for inline edit mode. */
  edit?: { image: string; alt: string };
}) {
  const { props } = getImageProps({
    src,
    alt,
    width,
    height,
    sizes,
    unoptimized: src.endsWith('.svg'),
    loading: preload ? 'eager' : 'lazy',
    fetchPriority: preload ? 'high' : undefined,
  });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt is in props
  return <img {...props} className={className} {...(edit && editImage(edit.image, edit.alt))} />;
}
