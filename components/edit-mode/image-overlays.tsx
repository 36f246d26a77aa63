'use client';

import { createPortal } from 'react-dom';
import { IMAGE_ACCEPT } from '@/components/admin/upload';
import { overlayBox } from './dom';

const buttonClass =
  'rounded-md bg-slate-900/85 px-3 py-1.5 text-sm font-semibold text-white shadow hover:bg-slate-900 focus-within:ring-2 focus-within:ring-white cursor-pointer';

/** A 'Change Image' overlay (and an alt-text button) on every editable image of the page. */
export function ImageOverlays({
  images,
  busyPath,
  progress,
  onCancel,
  onFile,
  onEditAlt,
}: {
  images: HTMLImageElement[];
  busyPath: string | null;
  /** Percent of the current upload sent, while one is under way. */
  progress: number | null;
  onCancel: () => void;
  onFile: (image: HTMLImageElement, file: File) => void;
  onEditAlt: (image: HTMLImageElement) => void;
}) {
  return createPortal(
    images.map((image) => {
      const path = image.dataset.editImage ?? '';
      const box = overlayBox(image);
      return (
        <div
          key={`${path}-${box.top}`}
          data-edit-overlay={path}
          className="pointer-events-none absolute z-[55] flex items-center justify-center"
          style={{ top: box.top, left: box.left, width: box.width, height: box.height }}
        >
          <div className="pointer-events-auto flex flex-col items-center gap-2">
            <label className={buttonClass}>
              {busyPath === path ? `Uploading ${progress ?? 0}%...` : 'Change Image'}
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                className="sr-only"
                disabled={busyPath !== null}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) onFile(image, file);
                }}
              />
            </label>
            {busyPath === path && progress !== null && (
              <button type="button" className={buttonClass} onClick={onCancel}>
                Cancel Upload
              </button>
            )}
            {image.dataset.editAlt && (
              <button type="button" className={buttonClass} onClick={() => onEditAlt(image)}>
                Edit Alt Text
              </button>
            )}
          </div>
        </div>
      );
    }),
    document.body,
  );
}
