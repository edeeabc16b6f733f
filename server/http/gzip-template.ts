import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A body kept once and sent many times with a different value at some places (a cached page's CSP
 * nonce, new for every answer): the text is cut at those places once, when kept, and each answer
 * joins the pieces around its value — a copy, with no text decoding or encoding per answer.
 */
export type Template = readonly Buffer[];

/** `body` cut at every `mark` (one piece more than places). */
export function cutAt(body: string, mark: string): Template {
  return body.split(mark).map((s) => Buffer.from(s, "utf8"));
}

/** The template's text with `value` at each of its places. */
export function fill(template: Template, value: string): Buffer {
  if (template.length === 1) return template[0];
  const filler = Buffer.from(value, "utf8");
  return Buffer.concat(template.flatMap((piece, i) => (i ? [filler, piece] : [piece])));
}

/**
 * The same, gzipped: the pieces are deflated once, each ending on a byte boundary (a sync flush),
 * so a page is assembled per answer from the compressed pieces and the value as stored
 * (uncompressed) deflate blocks: no compression per answer, only the CRC-32 the gzip trailer needs.
 *
 * A raw deflate stream may be cut into such pieces: each piece's blocks only refer back within that
 * piece, and stored blocks between them are plain deflate blocks (RFC 1951 §3.2.4).
 */
export type GzipTemplate = { pieces: Buffer[]; plain: Template };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block: empty, stored, BFINAL set. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

export function gzipTemplate(plain: Template): GzipTemplate {
  const pieces = plain.map((p) => (p.length ? deflateRawSync(p, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }) : Buffer.alloc(0)));
  return { pieces, plain };
}

/** Stored (uncompressed), non-final deflate blocks holding `data`. */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += MAX_STORED) {
    const part = data.subarray(at, at + MAX_STORED);
    const header = Buffer.alloc(5);
    header[0] = 0x00;
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(header, part);
  }
  return blocks;
}

/** The gzip of the template's text with `value` at each of its places. */
export function gzipWith(template: GzipTemplate, value: string): Buffer {
  const filler = Buffer.from(value, "utf8");
  const fillerBlocks = storedBlocks(filler);
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, i) => {
    if (i > 0) {
      out.push(...fillerBlocks);
      crc = crc32(filler, crc);
      size += filler.length;
    }
    out.push(piece);
    crc = crc32(template.plain[i], crc);
    size += template.plain[i].length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(LAST_BLOCK, trailer);
  return Buffer.concat(out);
}
