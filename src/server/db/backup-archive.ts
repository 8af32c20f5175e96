import type { NonSharedBuffer } from 'node:buffer';
import { gunzipSync, gzipSync } from 'node:zlib';

/*
 * The tar inside a backup of the embedded database (docs/backup.md). PGlite writes its members with
 * absolute names (`/PG_VERSION`) and the modes its files had (0666, 0755): unpacked by hand, as root or
 * into `/`, such an archive would write outside the target or leave every row world-readable. Backups
 * leave this server with relative names and owner-only modes instead.
 */

const BLOCK = 512;
const NAME = { offset: 0, length: 100 };
const MODE = { offset: 100, length: 8 };
const SIZE = { offset: 124, length: 12 };
const CHECKSUM = { offset: 148, length: 8 };
const TYPE_FLAG = 156;
const DIRECTORY = '5'.charCodeAt(0);

export interface TarMember {
  name: string;
  /** The permission bits (mode & 0o7777). */
  mode: number;
  directory: boolean;
  /** The member's 512-byte header, a view into the archive. */
  header: Buffer;
}

const field = (header: Buffer, { offset, length }: { offset: number; length: number }) =>
  header
    .subarray(offset, offset + length)
    .toString('latin1')
    .replace(/\0.*$/s, '');

/** The members of a ustar archive, in order; stops at the end marker or at a header it cannot read. */
export function tarMembers(tar: Buffer): TarMember[] {
  const members: TarMember[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, NAME);
    const size = Number.parseInt(field(header, SIZE).trim(), 8);
    if (!name || !Number.isFinite(size)) break;
    const mode = Number.parseInt(field(header, MODE).trim() || '0', 8) & 0o7777;
    members.push({ name, mode, directory: header[TYPE_FLAG] === DIRECTORY, header });
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return members;
}

/** A member name that stays inside the directory it is unpacked into. */
export const isRelativeInside = (name: string): boolean =>
  !name.startsWith('/') && !name.split('/').includes('..');

function writeField(header: Buffer, { offset, length }: { offset: number; length: number }, text: string) {
  header.fill(0, offset, offset + length);
  header.write(text, offset, length, 'latin1');
}

/** The header checksum: the sum of its bytes with the checksum field read as spaces (six octal digits). */
function writeChecksum(header: Buffer): void {
  header.fill(0x20, CHECKSUM.offset, CHECKSUM.offset + CHECKSUM.length);
  const sum = header.reduce((total, byte) => total + byte, 0);
  writeField(header, CHECKSUM, `${sum.toString(8).padStart(6, '0')}\0 `);
}

/** A gzipped tar with relative member names and modes 0600 (files) and 0700 (directories). */
export function ownerOnlyArchive(gzipped: Buffer): NonSharedBuffer {
  const tar = gunzipSync(gzipped);
  for (const member of tarMembers(tar)) {
    writeField(member.header, NAME, member.name.replace(/^\/+/, ''));
    writeField(member.header, MODE, member.directory ? '0000700\0' : '0000600\0');
    writeChecksum(member.header);
  }
  return gzipSync(tar);
}
