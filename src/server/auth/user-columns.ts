import { getTableColumns } from 'drizzle-orm';
import { users } from '../db/schema';
import { revisionedRows } from '../revisioned-rows';

/**
 * Every column of a user but the password hash, which never leaves the server, and who made the account
 * or set its password or e-mail, and its past addresses, which only four eyes read (src/server/changes/four-eyes.ts).
 */
export const {
  passwordHash: _hash,
  createdById: _createdBy,
  passwordSetById: _passwordSetBy,
  emailSetById: _emailSetBy,
  pastEmails: _pastEmails,
  ...publicUserColumns
} = getTableColumns(users);

/** Users as revisioned writes see them: never the password hash. */
export const userRows = revisionedRows(users, publicUserColumns, { label: 'User', resourceType: 'user' });
