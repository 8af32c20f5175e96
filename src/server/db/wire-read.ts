import type { Connection } from 'pg';
import { isJsonObject, propertyOf } from '../unknown';
import type { TextParser } from './row-mapper';

/*
 * A kept statement read over node-postgres's connection by a query object of our own (node-postgres's
 * "submittable"), docs/lists.md "Reading a kept statement off the wire". pg's own query object copies
 * its config, builds a result, and asks the server to describe the rows on every read, then maps every
 * column of that description to a parser again; a kept statement's columns never change. Here the first
 * read asks for the description once, the statement keeps a row mapper generated for its columns'
 * parsers, and every later read sends only bind, execute and sync, and maps each row as it arrives.
 */

/** node-postgres's type parsers, as a query config's `types` gives them (drizzle's for its statements). */
export interface TypeParsers {
  getTypeParser(typeId: number, format?: string): unknown;
}

/** A statement read over the wire: what every read of it shares. */
export interface WireStatement {
  /** The server-side statement name; '' for the unnamed statement, parsed again on every read. */
  name: string;
  text: string;
  types: TypeParsers;
  /** The row mapper for the columns' parsers, once the server has described the rows. */
  rowMapperFor(parsers: TextParser[]): ((row: (string | null)[]) => unknown) | undefined;
  /** The generated row mapper, from the first read's description of the rows. */
  row?: (row: (string | null)[]) => unknown;
}

/** Parameter values as the protocol carries them: text, or null. */
type WireValues = (string | null)[];

/**
 * The parameters as text, as node-postgres would send them; undefined for any value that is not a
 * plain one (pg's own conversion of dates, arrays and objects then applies, on its own path).
 */
export function wireValues(params: unknown[]): WireValues | undefined {
  const values: WireValues = new Array<string | null>(params.length);
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    if (value === null || value === undefined) values[i] = null;
    else if (typeof value === 'string') values[i] = value;
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
      values[i] = String(value);
    } else return undefined;
  }
  return values;
}

/** node-postgres's type parsers are functions of the column's text. */
const isParser = (parser: unknown): parser is TextParser => typeof parser === 'function';

/** The statements a connection has parsed or sent to be parsed (pg's bookkeeping, not in its types). */
function namedOn(connection: Connection, which: 'parsedStatements' | 'submittedNamedStatements') {
  const statements = propertyOf(connection, which);
  return isJsonObject(statements) ? statements : undefined;
}

/** Whether `connection` holds (or is about to hold) the named statement `name`. */
const isParsedOn = (connection: Connection, name: string): boolean =>
  namedOn(connection, 'parsedStatements')?.[name] !== undefined ||
  namedOn(connection, 'submittedNamedStatements')?.[name] !== undefined;

/**
 * One read of a statement, submitted to a pg client by its pool (pool.query(read) answers the rows).
 * pg calls `submit` when the connection is free, then the handlers below for each message of the answer;
 * `name` and `text` are read by pg to keep its record of the connection's named statements.
 */
export class WireRead {
  readonly name: string;
  readonly text: string;
  /** Set by pg: the pool's callback, which releases the connection and settles pool.query's promise. */
  callback: ((error: unknown, rows?: unknown[]) => void) | undefined;
  private readonly rows: unknown[] = [];
  /** A row the mapper could not read: the read fails once the server is done with it. */
  private failure: unknown;

  constructor(
    private readonly statement: WireStatement,
    private readonly values: WireValues,
  ) {
    this.name = statement.name;
    this.text = statement.text;
  }

  submit(connection: Connection): void {
    const { name, text } = this;
    // One write for all the messages, as pg does.
    connection.stream.cork();
    try {
      if (!name || !isParsedOn(connection, name)) {
        connection.parse({ name, text, types: [] }, false);
        const submitted = namedOn(connection, 'submittedNamedStatements');
        if (name && submitted) submitted[name] = text;
      }
      connection.bind({ statement: name, values: this.values }, false);
      // The rows' description only until the statement has its row mapper.
      if (!this.statement.row) connection.describe({ type: 'P', name: '' }, false);
      connection.execute({ portal: '' }, false);
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
  }

  handleRowDescription(message: { fields: { dataTypeID: number; format?: string }[] }): void {
    if (this.statement.row) return;
    const parsers: TextParser[] = [];
    for (const field of message.fields) {
      const parser = this.statement.types.getTypeParser(field.dataTypeID, field.format ?? 'text');
      if (!isParser(parser)) {
        this.failure = new Error(`No parser for column type ${field.dataTypeID}`);
        return;
      }
      parsers.push(parser);
    }
    this.statement.row = this.statement.rowMapperFor(parsers);
    if (!this.statement.row) this.failure = new Error("The rows do not match the statement's columns");
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.failure) return;
    const { row } = this.statement;
    if (!row) {
      this.failure = new Error('A row arrived before its description');
      return;
    }
    try {
      this.rows.push(row(message.fields));
    } catch (error) {
      this.failure = error;
    }
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    // Never asked for: end the copy the server started, as pg's own query does.
    const fail = propertyOf(connection, 'sendCopyFail');
    if (typeof fail === 'function') Reflect.apply(fail, connection, ['No source stream defined']);
  }

  handleCopyData(): void {}

  handleError(error: unknown): void {
    this.settle(this.failure ?? error, undefined);
  }

  handleReadyForQuery(): void {
    if (this.failure) this.settle(this.failure, undefined);
    else this.settle(null, this.rows);
  }

  private settle(error: unknown, rows: unknown[] | undefined): void {
    const { callback } = this;
    // Once: a lost connection may report an error after the answer.
    this.callback = undefined;
    callback?.(error, rows);
  }
}
