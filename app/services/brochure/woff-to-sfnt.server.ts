import zlib from "node:zlib";
import { writeSfnt } from "../sfnt-file.server";

/**
 * A WOFF 1.0 font unpacked to the plain TrueType/OpenType file it wraps (W3C WOFF 1.0, sections 3–5). pdfkit's
 * font library can read WOFF itself, but inflates its tables in plain JavaScript on every document (a fifth of a
 * second per brochure); unpacked once per process with Node's zlib, each brochure reads the tables as they are.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF 1.0 font.");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    // A table is compressed only when that made it smaller.
    const data = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("A WOFF table does not have its declared length.");
    return { tag: woff.toString("latin1", entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data };
  });
  // WOFF keeps the tables in the order of the font's own directory (sorted by tag).
  return writeSfnt(flavor, tables);
}
