-- The console dashboard's trends read these tables by a range of time: new Autoships by created_at,
-- cancellations, pauses and resumptions by kind and time, donations by time across every store.
CREATE INDEX "subscription_events_kind_created_idx" ON "subscription_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "donation_ledger_created_idx" ON "donation_ledger" USING btree ("created_at");
