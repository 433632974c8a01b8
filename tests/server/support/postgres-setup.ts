// Global set-up of the server tests' PostgreSQL run (vitest.config.ts, project "node:postgres"): one
// throw-away cluster for the run, and in it a template database with every migration applied, which
// each test server copies (test-database.ts): a copy takes milliseconds, migrating takes far longer.
import type { TestProject } from "vitest/node";
import { openDatabase, runOnPostgres } from "../../../server/db/connection.ts";
import { MIGRATIONS } from "../../../server/resources/index.ts";
import { startCluster } from "../../support/postgres.ts";
import { TEMPLATE_DATABASE } from "./test-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL of the run's PostgreSQL cluster; absent on the SQLite run. */
    postgresUrl?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startCluster();
  try {
    await runOnPostgres(cluster.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const template = await openDatabase({ url: cluster.urlOf(TEMPLATE_DATABASE), path: "" }, MIGRATIONS);
    await template.close();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
