// Fixture of tests/hostile/pg/concurrency.test.ts (not a test itself): ONE checkout in its own
// process, through PgBouncer, that SIGKILLs itself right after the card is charged — inside the
// transaction that marks the order paid, before it commits (the place-order "crash between charge
// and commit" point). Test wiring: reads DATABASE_URL and the checkout as JSON in PLACE_ORDER.
import { parseConfig } from "../../../server/config";
import { openPostgres } from "../../../server/db/client";
import { createServices } from "../../../server/wiring";
import type { PlaceOrderInput } from "../../../server/workflows/place-order";

const config = parseConfig({ ...process.env, LOG_LEVEL: "silent" });
if (!config.databaseUrl) throw new Error("DATABASE_URL is required");
const database = await openPostgres(config.databaseUrl, 2);
const services = createServices(database.db, config);
const charge = services.payments.charge.bind(services.payments);
services.payments.charge = (async (...args: Parameters<typeof charge>) => {
  const result = await charge(...args);
  process.kill(process.pid, "SIGKILL");
  return result;
}) as typeof charge;
const input = JSON.parse(process.env.PLACE_ORDER ?? "{}") as PlaceOrderInput;
// Through the checkout service, as the API places it (the key is namespaced there).
const result = await services.checkout.placeOrder(input, "10.255.0.1");
// Not reached when the kill works.
process.stdout.write(`${JSON.stringify(result)}\n`);
await database.close();
