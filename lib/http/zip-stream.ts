import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written as it streams (PKWARE's APPNOTE 6.3.10), for a download of many files
 * that memory never holds: each entry's bytes pass through as they are read, one source chunk at
 * a time. Entries are STOREd, not compressed: they are PDFs and JPEGs, compressed already, and
 * deflating them again would cost CPU for nothing. Sizes and CRC-32 are known only once an entry
 * has passed, so each entry is followed by a data descriptor (flag bit 3) and the central
 * directory at the end carries them for good. Names are UTF-8 (flag bit 11).
 *
 * ZIP64: an archive of more than 65,535 entries, or whose entries or central directory start past
 * 4 GiB, gets the ZIP64 end records and per-entry offsets, which unzippers since 2001 read. A
 * single entry of 4 GiB or more is refused (ZipStreamError, which errors the stream): ZIP64 sizes
 * in a data descriptor need a ZIP64 field in the local header, which older unzippers (Windows XP's)
 * refuse, for every entry alike; no document is near that size.
 */

export interface ZipEntry {
  /** The path in the archive, `/` between folders: no empty, `.` or `..` part, no backslash. */
  name: string;
  content: AsyncIterable<Uint8Array>;
  /** The date unzippers show; DOS time has no zone and 2-second steps: UTC is written. */
  modified?: Date;
}

export interface ZipStreamOptions {
  /** Write the ZIP64 records and offsets even when under the limits, so a test can check them without 4 GiB. */
  forceZip64?: boolean;
}

/** An entry the format cannot hold: a bad or repeated name, or 4 GiB or more. */
export class ZipStreamError extends Error {
  override name = 'ZipStreamError';
}

const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const VERSION_20 = 20;
/** 4.5: ZIP64. */
const VERSION_45 = 45;
/** Made on UNIX (3) to 4.5, so unzippers take the permissions from the external attributes. */
const VERSION_MADE_BY = (3 << 8) | VERSION_45;
/** A regular file, rw-r--r--, in the upper half of the external attributes. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** Central directory records gathered into pieces of about this size rather than yielded one by one. */
const DIRECTORY_PIECE_BYTES = 64 * 1024;

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** The archive's bytes, read only as fast as they are asked for; any entry's failure is thrown on. */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipStreamOptions = {},
): AsyncGenerator<Uint8Array> {
  const written: Written[] = [];
  const names = new Set<string>();
  let offset = 0;
  for await (const entry of entries) {
    const name = entryName(entry.name, names);
    const { time, date } = dosDateTime(entry.modified ?? new Date());
    const header = localHeader(name, time, date);
    yield header;
    let crc = 0;
    let size = 0;
    for await (const chunk of entry.content) {
      if (chunk.length === 0) continue;
      size += chunk.length;
      if (size >= MAX_32) throw new ZipStreamError('An entry is 4 GiB or more, which this archive cannot hold.');
      crc = crc32(chunk, crc);
      yield chunk;
    }
    yield dataDescriptor(crc, size);
    written.push({ name, crc, size, offset, time, date });
    offset += header.length + size + DESCRIPTOR_BYTES;
  }
  const zip64 = options.forceZip64 === true || written.length > MAX_16 || offset >= MAX_32;
  let directorySize = 0;
  for (const piece of directory(written, options.forceZip64 === true)) {
    directorySize += piece.length;
    yield piece;
  }
  yield end({ count: written.length, directoryOffset: offset, directorySize, zip64: zip64 || directorySize >= MAX_32 });
}

const isControl = (char: string) => char < ' ' || char === '\x7f';

/**
 * The name as UTF-8, once checked: unzippers write it to disk, so it must not climb out of their
 * folder. The errors leave the name out: it may be a customer's, and they reach the server's log.
 */
function entryName(name: string, seen: Set<string>): Buffer {
  const parts = name.split('/');
  if (name.includes('\\') || [...name].some(isControl) || parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new ZipStreamError('An entry name is not a relative path of named parts.');
  if (seen.has(name)) throw new ZipStreamError('An entry name is in the archive twice.');
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > MAX_16) throw new ZipStreamError('An entry name is longer than 65,535 bytes.');
  seen.add(name);
  return bytes;
}

/** DOS date and time fields, which hold 1980 to 2107: a date outside is brought to the nearest end. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = at.getUTCFullYear();
  if (Number.isNaN(year) || year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // STORE
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC and sizes (14 to 25) stay 0: the data descriptor carries them.
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  name.copy(header, 30);
  return header;
}

const DESCRIPTOR_BYTES = 16;

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(DESCRIPTOR_BYTES);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function directoryRecord(entry: Written, force: boolean): Buffer {
  // Only the offset can pass 4 GiB (an entry cannot): ZIP64's extra field then holds it alone.
  const zip64 = force || entry.offset >= MAX_32;
  const extra = zip64 ? 12 : 0;
  const record = Buffer.alloc(46 + entry.name.length + extra);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION_MADE_BY, 4);
  record.writeUInt16LE(zip64 ? VERSION_45 : VERSION_20, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(entry.time, 12);
  record.writeUInt16LE(entry.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.size, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(extra, 30);
  // Comment length, disk number and internal attributes (32 to 37) stay 0.
  record.writeUInt32LE(FILE_ATTRIBUTES, 38);
  record.writeUInt32LE(zip64 ? MAX_32 : entry.offset, 42);
  entry.name.copy(record, 46);
  if (zip64) {
    const at = 46 + entry.name.length;
    record.writeUInt16LE(0x0001, at);
    record.writeUInt16LE(8, at + 2);
    record.writeBigUInt64LE(BigInt(entry.offset), at + 4);
  }
  return record;
}

function* directory(entries: Written[], force: boolean): Generator<Buffer> {
  let records: Buffer[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const record = directoryRecord(entry, force);
    records.push(record);
    bytes += record.length;
    if (bytes >= DIRECTORY_PIECE_BYTES) {
      yield Buffer.concat(records);
      records = [];
      bytes = 0;
    }
  }
  if (records.length > 0) yield Buffer.concat(records);
}

/** The end of central directory record, after the ZIP64 record and its locator when needed. */
function end(archive: { count: number; directoryOffset: number; directorySize: number; zip64: boolean }): Buffer {
  const { count, directoryOffset, directorySize, zip64 } = archive;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the record's size after this field
    record.writeUInt16LE(VERSION_MADE_BY, 12);
    record.writeUInt16LE(VERSION_45, 14);
    // This disk and the directory's disk (16 to 23) are 0: one file.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  // A field too small for its value holds all ones, which sends the reader to the ZIP64 record.
  record.writeUInt16LE(zip64 ? Math.min(count, MAX_16) : count, 8);
  record.writeUInt16LE(zip64 ? Math.min(count, MAX_16) : count, 10);
  record.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
  record.writeUInt32LE(zip64 ? MAX_32 : directoryOffset, 16);
  parts.push(record);
  return Buffer.concat(parts);
}
