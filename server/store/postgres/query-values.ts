// Query field values as the PostgreSQL store keeps them (schema.ts migration 2): bytea whose byte
// order is the order of values both stores share (../query.ts): a type tag (null < booleans <
// numbers < strings), then a number as its IEEE 754 bits arranged to sort numerically, or a string
// as UTF-16 code units, big-endian. bytea holds anything a JavaScript string can (\u0000, lone
// surrogates), which text cannot, and compares byte by byte whatever the database's collation.
import type { QueryValue } from '../types.js';

const NULL = 0;
const BOOLEAN = 1;
const NUMBER = 2;
const STRING = 3;

export function encodeValue(value: QueryValue): Buffer {
  if (value === null) return Buffer.from([NULL]);
  if (typeof value === 'boolean') return Buffer.from([BOOLEAN, value ? 1 : 0]);
  if (typeof value === 'number') {
    const out = Buffer.alloc(9);
    out[0] = NUMBER;
    out.writeDoubleBE(value === 0 ? 0 : value, 1);
    // Positive numbers: set the sign bit; negative ones: flip every bit, so bytes sort as numbers do.
    if (out[1]! & 0x80) for (let i = 1; i < 9; i++) out[i] = ~out[i]! & 0xff;
    else out[1] = out[1]! | 0x80;
    return out;
  }
  const out = Buffer.alloc(1 + value.length * 2);
  out[0] = STRING;
  for (let i = 0; i < value.length; i++) out.writeUInt16BE(value.charCodeAt(i), 1 + i * 2);
  return out;
}

export function decodeValue(bytes: Buffer): QueryValue {
  switch (bytes[0]) {
    case BOOLEAN:
      return bytes[1] === 1;
    case NUMBER: {
      const b = Buffer.from(bytes.subarray(1));
      if (b[0]! & 0x80) b[0] = b[0]! & 0x7f;
      else for (let i = 0; i < 8; i++) b[i] = ~b[i]! & 0xff;
      return b.readDoubleBE(0);
    }
    case STRING: {
      let s = '';
      for (let i = 1; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes.readUInt16BE(i));
      return s;
    }
    default:
      return null;
  }
}

/** The first byte string after every value of `value`'s type: a range stays within its bound's type. */
export function typeEnd(value: string | number): Buffer {
  return Buffer.from([typeof value === 'number' ? NUMBER + 1 : STRING + 1]);
}

/** Search text as a text column can hold it: \u0000 and lone surrogates become U+FFFD (the needle alike). */
export function searchable(text: string): string {
  return text.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A LIKE pattern finding `needle` anywhere. */
export function containsPattern(needle: string): string {
  return `%${searchable(needle).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
