// The drizzle schema (district-api/db/schema) mirrors the SQL migrations, which are the truth: a
// query built with drizzle names columns from the mirror, and a column missing from it, or one
// whose type or nullability differs, is a query that fails or a row read wrongly only when that
// code runs. A fresh database is migrated and its catalogue compared with the mirror, column by
// column: the type, NOT NULL and whether there is a default.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { openDatabase, queryRows, type Database } from "../../district-api/db/client";
import { migrate } from "../../district-api/db/migrate";
import * as schema from "../../district-api/db/schema";

/** Tables the migrations make that are not the product's data. */
const NOT_MIRRORED: Record<string, string> = {
  schema_migrations: "the migrator's own record of the files it applied",
};

interface Column {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

/** Drizzle's name for a type, as PostgreSQL's format_type() prints it. */
function asPostgres(type: string): string {
  const serial: Record<string, string> = {
    smallserial: "smallint",
    serial: "integer",
    bigserial: "bigint",
  };
  return (serial[type] ?? type)
    .replace(/^varchar/, "character varying")
    .replace(/^timestamp(\(\d\))?$/, "timestamp$1 without time zone")
    .replace(/^time(\(\d\))?$/, "time$1 without time zone")
    .replace(/, /g, ",");
}

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await migrate(database);
});
afterAll(async () => {
  await database?.close();
});

async function migratedColumns(): Promise<Map<string, Map<string, Column>>> {
  const rows = await queryRows<{
    table_name: string;
    column_name: string;
    type: string;
    not_null: boolean;
    has_default: boolean;
  }>(
    database.db,
    sql`select c.relname as table_name, a.attname as column_name,
          format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
          a.atthasdef as has_default
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
  );
  const tables = new Map<string, Map<string, Column>>();
  for (const r of rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    tables.get(r.table_name)!.set(r.column_name, {
      type: r.type,
      notNull: r.not_null,
      hasDefault: r.has_default,
    });
  }
  return tables;
}

function mirroredColumns(): Map<string, Map<string, Column>> {
  const tables = new Map<string, Map<string, Column>>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const columns = new Map<string, Column>();
    for (const c of config.columns) {
      const type = c.getSQLType();
      columns.set(c.name, {
        type: asPostgres(type),
        notNull: c.notNull,
        // A serial column's default (its sequence) is implied by the type.
        hasDefault: c.hasDefault || /serial$/.test(type),
      });
    }
    tables.set(config.name, columns);
  }
  return tables;
}

describe("the drizzle schema and the SQL migrations", () => {
  it("have the same tables, and in each the same columns with the same type, NOT NULL and default", async () => {
    const migrated = await migratedColumns();
    const mirrored = mirroredColumns();
    const differences: string[] = [];
    for (const [table, columns] of migrated) {
      if (table in NOT_MIRRORED) continue;
      const mirror = mirrored.get(table);
      if (!mirror) {
        differences.push(`${table}: made by the migrations, missing from the drizzle schema`);
        continue;
      }
      for (const [name, column] of columns) {
        const m = mirror.get(name);
        if (!m) differences.push(`${table}.${name}: missing from the drizzle schema`);
        else if (JSON.stringify(m) !== JSON.stringify(column)) {
          differences.push(
            `${table}.${name}: migrations ${JSON.stringify(column)}, drizzle ${JSON.stringify(m)}`,
          );
        }
      }
      for (const name of mirror.keys()) {
        if (!columns.has(name)) differences.push(`${table}.${name}: in drizzle only`);
      }
    }
    for (const table of mirrored.keys()) {
      if (!migrated.has(table)) differences.push(`${table}: in drizzle only`);
    }
    expect(differences).toEqual([]);
    // The comparison saw the whole catalogue, not an empty one.
    expect(mirrored.size).toBeGreaterThan(40);
  });
});
