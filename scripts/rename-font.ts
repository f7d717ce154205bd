/**
 * Gives a TrueType/OpenType font (sfnt bytes) another family name. The SIL Open Font License lets us cut a font down,
 * but a modified version must not carry a Reserved Font Name (Playfair Display has one), so the subset the site
 * serves is named anew in its `name` table: every record whose text holds the old family name (family, unique id,
 * full name, PostScript name, typographic family) gets the new one. The copyright notice (name 0) is kept word for
 * word, as the licence requires. Used by scripts/subset-fonts.ts; decision 0037.
 */
import { writeSfnt } from "#app/services/sfnt-file.server";

const NAME_IDS_TO_RENAME = new Set([1, 3, 4, 6, 16, 21]);

type TableRecord = { tag: string; data: Buffer };

export function renameFont(font: Buffer, from: string, to: string): Buffer {
  const tables = readTables(font);
  const name = tables.find((table) => table.tag === "name");
  if (!name) throw new Error("the font has no name table");
  name.data = renameInNameTable(name.data, from, to);
  return writeFont(font.readUInt32BE(0), tables);
}

/** The name records' texts, for checks: `${nameId}:${text}` per record with a Unicode or Windows encoding. */
export function nameRecords(font: Buffer): string[] {
  const name = readTables(font).find((table) => table.tag === "name")!.data;
  const count = name.readUInt16BE(2);
  const storage = name.readUInt16BE(4);
  const texts: string[] = [];
  for (let index = 0; index < count; index++) {
    const record = 6 + index * 12;
    const platform = name.readUInt16BE(record);
    const nameId = name.readUInt16BE(record + 6);
    const bytes = name.subarray(storage + name.readUInt16BE(record + 10), storage + name.readUInt16BE(record + 10) + name.readUInt16BE(record + 8));
    texts.push(`${nameId}:${decode(bytes, platform)}`);
  }
  return texts;
}

function readTables(font: Buffer): TableRecord[] {
  const count = font.readUInt16BE(4);
  const tables: TableRecord[] = [];
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    const offset = font.readUInt32BE(record + 8);
    const length = font.readUInt32BE(record + 12);
    tables.push({ tag: font.toString("latin1", record, record + 4), data: Buffer.from(font.subarray(offset, offset + length)) });
  }
  return tables;
}

/** Windows and Unicode platform names are UTF-16BE; Macintosh ones are single-byte (the names here are ASCII). */
function decode(bytes: Buffer, platform: number): string {
  if (platform === 1) return bytes.toString("latin1");
  return Buffer.from(bytes).swap16().toString("utf16le");
}

function encode(text: string, platform: number): Buffer {
  if (platform === 1) return Buffer.from(text, "latin1");
  return Buffer.from(text, "utf16le").swap16();
}

/** A format 0 or 1 name table with the renamed records; language tag records (format 1) are kept as they are. */
function renameInNameTable(table: Buffer, from: string, to: string): Buffer {
  const format = table.readUInt16BE(0);
  const count = table.readUInt16BE(2);
  const storageOffset = table.readUInt16BE(4);
  const langTagCount = format === 1 ? table.readUInt16BE(6 + count * 12) : 0;
  const headerLength = 6 + count * 12 + (format === 1 ? 2 + langTagCount * 4 : 0);
  const header = Buffer.from(table.subarray(0, headerLength));
  const strings: Buffer[] = [];
  let storageLength = 0;
  const place = (bytes: Buffer) => {
    strings.push(bytes);
    storageLength += bytes.length;
    return storageLength - bytes.length;
  };
  // The PostScript name (6) has no spaces: "PlayfairDisplay-Regular".
  const compactFrom = from.replace(/ /g, "");
  const compactTo = to.replace(/ /g, "");
  for (let index = 0; index < count; index++) {
    const record = 6 + index * 12;
    const platform = header.readUInt16BE(record);
    const nameId = header.readUInt16BE(record + 6);
    const length = header.readUInt16BE(record + 8);
    const offset = header.readUInt16BE(record + 10);
    let bytes = table.subarray(storageOffset + offset, storageOffset + offset + length);
    if (NAME_IDS_TO_RENAME.has(nameId)) {
      const text = decode(bytes, platform);
      bytes = encode(text.replaceAll(from, to).replaceAll(compactFrom, compactTo), platform);
    }
    header.writeUInt16BE(bytes.length, record + 8);
    header.writeUInt16BE(place(Buffer.from(bytes)), record + 10);
  }
  for (let index = 0; index < langTagCount; index++) {
    const record = 6 + count * 12 + 2 + index * 4;
    const length = header.readUInt16BE(record);
    const offset = header.readUInt16BE(record + 2);
    header.writeUInt16BE(place(Buffer.from(table.subarray(storageOffset + offset, storageOffset + offset + length))), record + 2);
  }
  header.writeUInt16BE(headerLength, 4);
  return Buffer.concat([header, ...strings]);
}

const padded = (length: number) => (length + 3) & ~3;

function checksum(data: Buffer): number {
  const words = Buffer.alloc(padded(data.length));
  data.copy(words);
  let sum = 0;
  for (let offset = 0; offset < words.length; offset += 4) sum = (sum + words.readUInt32BE(offset)) >>> 0;
  return sum;
}

/** The font again: tables sorted by tag, checksums and head's whole-file adjustment redone. */
function writeFont(sfntVersion: number, tables: TableRecord[]): Buffer {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  // The adjustment is left out of every checksum, head's own included, then set so the whole file sums to a constant.
  sorted.find((table) => table.tag === "head")?.data.writeUInt32BE(0, 8);
  const font = writeSfnt(
    sfntVersion,
    sorted.map((table) => ({ ...table, checksum: checksum(table.data) })),
  );
  const headIndex = sorted.findIndex((table) => table.tag === "head");
  if (headIndex >= 0) {
    const headOffset = font.readUInt32BE(12 + headIndex * 16 + 8);
    font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  }
  return font;
}
