import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for the Node that runs the server. better-sqlite3 13 is
 * built on Node-API and ships prebuilt binaries, but needs Node 22; version 12
 * works on Node 20, but on Node 24 its statements abort the process when
 * garbage-collected at a worker's exit (Node 24's ObjectWrap asserts an
 * environment; our analytics writer is a worker thread). So Node 22+ loads 13,
 * and Node 20 loads 12, installed as `better-sqlite3-node20` (optional: it
 * compiles from source, which a Node 24 machine need not be able to do).
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
export const SQLITE_DRIVER_PACKAGE = NODE_MAJOR >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

const require = createRequire(import.meta.url);
export const SqliteDatabase = require(SQLITE_DRIVER_PACKAGE) as typeof BetterSqlite3;
export type SqliteDatabase = BetterSqlite3.Database;
