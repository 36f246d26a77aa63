/**
 * The paths of a loan file's documents in its ZIP: `<item label>/<document name>`, each part made
 * safe to unpack on Windows, macOS and Linux alike, and no two the same.
 */

/** Characters Windows refuses in a file name (and `/`, which would make a folder), control characters too. */
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
const PART_MAX_CHARS = 120;
/** Names Windows keeps for devices, with or without an extension. */
const DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * One part of a path: unsafe characters as `_`, no trailing dot or space (Windows drops them, so
 * two names would meet), at most 120 characters; `fallback` when nothing is left.
 */
export function archivePart(text: string, fallback: string): string {
  const cleaned = Array.from(text.normalize('NFC').replace(UNSAFE, '_').trim())
    .slice(0, PART_MAX_CHARS)
    .join('')
    .replace(/[.\s]+$/, '');
  if (cleaned === '' || /^[_.\s]*$/.test(cleaned)) return fallback;
  return DEVICE.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** `name (2).pdf` for the second `name.pdf`: the number before the extension, so the file still opens. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * Gives out paths, each once: a path given already, in any case (Windows and macOS see `A.pdf`
 * and `a.pdf` as one file), comes back numbered from 2 up.
 */
export function uniquePaths(): (folder: string, name: string) => string {
  const taken = new Set<string>();
  return (folder, name) => {
    let path = `${folder}/${name}`;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${folder}/${numbered(name, n)}`;
    taken.add(path.toLowerCase());
    return path;
  };
}
