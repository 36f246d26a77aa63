/**
 * A file's size as people read it: bytes under 1 KB, then KB and MB (powers of 1024, as file
 * managers show them) to one decimal below 10 and whole above, so a list's sizes stay short.
 */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded} ${unit}`;
}
