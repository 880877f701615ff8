import { crc32 } from 'node:zlib';
import { inflateSync } from 'fflate';
import { CardError, MAX_UNCOMPRESSED_BYTES, MAX_ZIP_ENTRIES } from './types.ts';

/**
 * Reading a zip archive (PKWARE APPNOTE 6.3) from its central directory, Zip64 included.
 * Sizes and offsets saturated at 0xFFFFFFFF are read from each entry's Zip64 extra field
 * whether or not the archive ends with Zip64 end records: rubyzip and others write the extra
 * field alone for small archives, and a reader that skips it sees 4 GB files.
 */

const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const SATURATED = 0xffffffff;
// the end record is 22 bytes and may be followed by a comment of up to 65535
const END_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ZipArchive {
  /** The entry names, in central directory order. */
  names: string[];
  /** The named entry's bytes (the last one when a name appears twice), or null when there is none. */
  read(name: string): Buffer | null;
}

const damaged = () => new CardError('corrupt_zip', 'The CHARX archive is damaged and cannot be read.');

/** A little-endian reader that refuses to read outside the archive. */
function reader(zip: Buffer) {
  const check = (at: number, length: number) => {
    if (at < 0 || at + length > zip.length) throw damaged();
  };
  return {
    u16(at: number) {
      check(at, 2);
      return zip.readUInt16LE(at);
    },
    u32(at: number) {
      check(at, 4);
      return zip.readUInt32LE(at);
    },
    // beyond 2^53 it is no real size in a 10 MB file; the bounds checks then refuse it
    u64(at: number) {
      check(at, 8);
      return Number(zip.readBigUInt64LE(at));
    },
  };
}

function endRecord(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at--) {
    if (zip.readUInt32LE(at) === END) return at;
  }
  throw damaged();
}

/** Where the central directory starts and how many entries it holds, from the (Zip64) end records. */
function directory(zip: Buffer): { offset: number; count: number } {
  const r = reader(zip);
  const end = endRecord(zip);
  let count = r.u16(end + 10);
  let offset = r.u32(end + 16);
  const locator = end - 20;
  if (locator >= 0 && r.u32(locator) === END64_LOCATOR) {
    const end64 = r.u64(locator + 8);
    if (r.u32(end64) !== END64) throw damaged();
    count = r.u64(end64 + 32);
    offset = r.u64(end64 + 48);
  }
  if (count > MAX_ZIP_ENTRIES) throw new CardError('too_large', `The CHARX archive has more than ${MAX_ZIP_ENTRIES} files.`);
  return { offset, count };
}

/** The values the header saturated, in the order APPNOTE 4.5.3 gives them, from the Zip64 extra field. */
function zip64Values(zip: Buffer, extraStart: number, extraEnd: number, saturated: { size: boolean; compressed: boolean; offset: boolean }) {
  const r = reader(zip);
  for (let at = extraStart; at + 4 <= extraEnd; at += 4 + r.u16(at + 2)) {
    if (r.u16(at) !== ZIP64_EXTRA) continue;
    const fieldEnd = Math.min(extraEnd, at + 4 + r.u16(at + 2));
    let next = at + 4;
    const take = () => {
      if (next + 8 > fieldEnd) throw damaged();
      next += 8;
      return r.u64(next - 8);
    };
    const size = saturated.size ? take() : null;
    const compressed = saturated.compressed ? take() : null;
    const offset = saturated.offset ? take() : null;
    return { size, compressed, offset };
  }
  throw damaged();
}

function entries(zip: Buffer): ZipEntry[] {
  const r = reader(zip);
  const { offset, count } = directory(zip);
  const found: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (r.u32(at) !== CENTRAL) throw damaged();
    const flags = r.u16(at + 8);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const commentLength = r.u16(at + 32);
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength > zip.length) throw damaged();
    let size = r.u32(at + 24);
    let compressedSize = r.u32(at + 20);
    let localOffset = r.u32(at + 42);
    const saturated = { size: size === SATURATED, compressed: compressedSize === SATURATED, offset: localOffset === SATURATED };
    if (saturated.size || saturated.compressed || saturated.offset) {
      const wide = zip64Values(zip, nameStart + nameLength, nameStart + nameLength + extraLength, saturated);
      size = wide.size ?? size;
      compressedSize = wide.compressed ?? compressedSize;
      localOffset = wide.offset ?? localOffset;
    }
    // bit 11: the name is UTF-8; older tools wrote their code page, read here as Latin-1
    const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', nameStart, nameStart + nameLength);
    found.push({ name, method: r.u16(at + 10), crc: r.u32(at + 16), compressedSize, size, localOffset });
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return found;
}

/** The archive's directory; entries are inflated on `read`, all reads together at most `budget` bytes. */
export function openZip(zip: Buffer, budget: number = MAX_UNCOMPRESSED_BYTES): ZipArchive {
  const list = entries(zip);
  const r = reader(zip);
  let expanded = 0;
  return {
    names: list.map((entry) => entry.name),
    read(name) {
      const entry = list.findLast((e) => e.name === name);
      if (!entry) return null;
      expanded += entry.size;
      if (expanded > budget) throw new CardError('too_large', `The CHARX archive expands beyond ${MAX_UNCOMPRESSED_BYTES} bytes.`);
      if (r.u32(entry.localOffset) !== LOCAL) throw damaged();
      const start = entry.localOffset + 30 + r.u16(entry.localOffset + 26) + r.u16(entry.localOffset + 28);
      if (start + entry.compressedSize > zip.length) throw damaged();
      const data = zip.subarray(start, start + entry.compressedSize);
      let bytes: Uint8Array;
      if (entry.method === STORED) bytes = data;
      else if (entry.method === DEFLATED) {
        try {
          // into a buffer of the declared size: a lying archive cannot make it allocate more
          bytes = inflateSync(data, { out: new Uint8Array(entry.size) });
        } catch {
          throw damaged();
        }
      } else throw new CardError('corrupt_zip', `The CHARX archive uses a compression method (${entry.method}) that cannot be read.`);
      // a size that lied, or damaged data, shows here rather than as a cut file
      if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw damaged();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
}
