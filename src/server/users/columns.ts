import { getTableColumns } from 'drizzle-orm';
import { users } from '../db/schema';

/** Every column of a user but the password hash, which never leaves the server. */
export const { passwordHash: _hash, ...publicUserColumns } = getTableColumns(users);
