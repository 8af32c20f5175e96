import { getTableColumns } from 'drizzle-orm';
import { users } from '../db/schema';

/**
 * Every column of a user but the password hash, which never leaves the server, and who made the account
 * or set its password, which only four eyes read (src/server/changes/four-eyes.ts).
 */
export const {
  passwordHash: _hash,
  createdById: _createdBy,
  passwordSetById: _passwordSetBy,
  ...publicUserColumns
} = getTableColumns(users);
