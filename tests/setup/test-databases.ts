import { prepareTestDatabases } from "../../server/db/test-database";

// vitest globalSetup: migrate and seed once per run; each test file's database starts as a copy.
export default prepareTestDatabases;
