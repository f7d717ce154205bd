/** One table of a TrueType/OpenType (sfnt) font: its four-letter tag, its checksum and its bytes. */
export type SfntTable = { tag: string; checksum: number; data: Buffer };

/**
 * A TrueType/OpenType file from its tables (OpenType spec, "Organization of an OpenType font"): the table directory
 * with its binary-search fields, then each table on a four-byte boundary, in the order given (sorted by tag, as
 * readers expect). Used where the brochure unpacks WOFF (services/brochure/woff-to-sfnt.server.ts) and where
 * `npm run fonts:subset` renames a cut font (scripts/rename-font.ts).
 */
export function writeSfnt(flavor: number, tables: readonly SfntTable[]): Buffer {
  const count = tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const directory = Buffer.alloc(12 + count * 16);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(power * 16, 6);
  directory.writeUInt16BE(Math.log2(power), 8);
  directory.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    directory.write(table.tag, record, 4, "latin1");
    directory.writeUInt32BE(table.checksum, record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
