import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { collect, testedEntries, unzipped } from '../../tests/support/unzip';
import { zipStream, ZipStreamError, type ZipEntry } from './zip-stream';

const MiB = 1024 * 1024;

async function* pieces(bytes: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const entry = (name: string, bytes: Buffer): ZipEntry => ({
  name,
  content: pieces(bytes),
  modified: new Date('2025-03-04T05:06:08Z'),
});

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP64_END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x06, 0x06]);

describe('zipStream', () => {
  it('writes an archive a real unzipper reads back to the same bytes, UTF-8 names included', async () => {
    const files = new Map([
      ['Bank statements/statement.pdf', randomBytes(3 * MiB + 17)],
      ['Relevé de compte/Ünïcödé 日本語 “mai”.pdf', randomBytes(1000)],
      ['empty.txt', Buffer.alloc(0)],
    ]);
    const archive = await collect(zipStream([...files].map(([name, bytes]) => entry(name, bytes))));

    const back = await unzipped(archive);
    expect([...back.keys()]).toEqual([...files.keys()]);
    for (const [name, bytes] of files) expect(back.get(name)!.equals(bytes), name).toBe(true);
    expect(archive.includes(ZIP64_END_OF_DIRECTORY)).toBe(false);
  });

  it('passes each source chunk on as it is, asking for the next only when its own reader does', async () => {
    const chunks = [randomBytes(MiB), randomBytes(MiB)];
    let asked = 0;
    async function* content() {
      for (const chunk of chunks) {
        asked++;
        yield chunk;
      }
    }
    const archive = zipStream([{ name: 'a.bin', content: content() }]);
    await archive.next(); // the local header
    expect(asked).toBe(0);
    expect((await archive.next()).value).toBe(chunks[0]);
    expect(asked).toBe(1);
    expect((await archive.next()).value).toBe(chunks[1]);
    await archive.return(undefined);
  });

  it('writes the ZIP64 records and offsets, which the unzipper reads', async () => {
    const files = [entry('a/one.pdf', randomBytes(2 * MiB)), entry('b/two.pdf', randomBytes(5000))];
    const archive = await collect(zipStream(files, { forceZip64: true }));
    expect(archive.includes(ZIP64_END_OF_DIRECTORY)).toBe(true);
    const back = await unzipped(archive);
    expect([...back.keys()]).toEqual(['a/one.pdf', 'b/two.pdf']);
  });

  it('holds more than 65,535 entries by ZIP64', async () => {
    const count = 70_000;
    function* many(): Generator<ZipEntry> {
      for (let i = 0; i < count; i++) yield entry(`f/${i}.txt`, Buffer.from(String(i)));
    }
    const archive = await collect(zipStream(many()));
    expect(archive.includes(ZIP64_END_OF_DIRECTORY)).toBe(true);
    // The old record's count says "see ZIP64".
    const end = archive.subarray(archive.lastIndexOf(END_OF_DIRECTORY));
    expect(end.readUInt16LE(10)).toBe(0xffff);
    expect(await testedEntries(archive)).toBe(count);
  });

  it('refuses a name that would climb out of the folder, or repeats one, before writing it', async () => {
    for (const name of ['../escape.pdf', '/etc/passwd', 'a//b.pdf', 'a/./b.pdf', 'a\\b.pdf', 'a/', 'line\nbreak.pdf', ''])
      await expect(collect(zipStream([entry(name, Buffer.from('x'))])), JSON.stringify(name)).rejects.toThrow(ZipStreamError);
    const twice = zipStream([entry('same.pdf', Buffer.from('x')), entry('same.pdf', Buffer.from('y'))]);
    await expect(collect(twice)).rejects.toThrow('in the archive twice');
  });

  it('refuses an entry of 4 GiB or more rather than writing a size that wraps', async () => {
    // No need to allocate it: the size is counted before the bytes are read.
    async function* huge(): AsyncGenerator<Uint8Array> {
      yield { length: 0xffffffff } as Uint8Array;
    }
    await expect(collect(zipStream([{ name: 'huge.bin', content: huge() }]))).rejects.toThrow(/4 GiB/);
  });

  it('throws on when an entry’s source fails, after what it sent and with no end record', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('the first chunk');
      throw new Error('chunk 1 fails its check');
    }
    const sent: Uint8Array[] = [];
    const archive = zipStream([entry('ok.pdf', Buffer.from('fine')), { name: 'bad.pdf', content: failing() }]);
    await expect(
      (async () => {
        for await (const piece of archive) sent.push(piece);
      })(),
    ).rejects.toThrow('fails its check');
    expect(Buffer.concat(sent).toString('latin1')).toContain('the first chunk');
    expect(Buffer.concat(sent).includes(END_OF_DIRECTORY)).toBe(false);
  });
});
