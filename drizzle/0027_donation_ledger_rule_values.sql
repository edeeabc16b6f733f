ALTER TABLE "donation_ledger" ADD COLUMN "rate_hundredths" integer;--> statement-breakpoint
ALTER TABLE "donation_ledger" ADD COLUMN "multiplier_hundredths" integer;